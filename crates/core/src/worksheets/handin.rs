//! The result code a student hands in without a server: text to paste into a school's LMS or an e-mail.
//!
//! `IL1.` then the answers as base64url'd JSON (name, worksheet id, parameters, answers), then `.` and a
//! CRC-32 of what precedes it. The checksum catches a code that was cut short or mangled in the pasting; it
//! is not a signature (without a server nothing is): a student can write a code by hand, which is why the
//! teacher's table re-checks every answer itself and never trusts a score.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::{Deserialize, Serialize};

/// What a code holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandIn {
    pub name: String,
    /// The worksheet's id: its own `id`, or `text-…` for one that gives none.
    pub worksheet: String,
    /// The worksheet's `version`, where it gives one: for the teacher's information. (Absent from codes
    /// made before versions, which read as they did.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// The parameters the student worked with (drawn from the name; a mismatch is shown to the teacher).
    pub params: Vec<(String, f64)>,
    /// One answer a task, as typed ("" where none).
    pub answers: Vec<String>,
}

const PREFIX: &str = "IL1.";

/// The codes in a pasted text, as the teacher's page reads a class's mail: each from `IL1.` to its
/// checksum, with what mail programs add taken out — a reply's "> " quote marks at the start of lines,
/// quoted-printable's "=" at the end of a broken line, and line breaks and spaces inside a code — each
/// code once, in the order it first comes.
pub fn codes_in(text: &str) -> Vec<String> {
    // Lines end where a browser's `^` would see them end; quoted-printable's soft break is "=" then one.
    let mut unquoted = String::with_capacity(text.len());
    for line in text.split_inclusive(['\n', '\r', '\u{2028}', '\u{2029}']) {
        let rest = line.trim_start_matches([' ', '\t']);
        unquoted.push_str(if rest.starts_with('>') {
            rest.trim_start_matches(['>', ' ', '\t'])
        } else {
            line
        });
    }
    let unquoted = soft_breaks_removed(&unquoted);
    let mut starts: Vec<usize> = unquoted.match_indices(PREFIX).map(|(i, _)| i).collect();
    starts.push(unquoted.len());
    let mut codes: Vec<String> = Vec::new();
    for w in starts.windows(2) {
        let joined: String = unquoted[w[0]..w[1]]
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '\u{feff}')
            .collect();
        // The same code twice (a reply that quotes the student's mail) is one hand-in.
        let code = code_prefix(&joined).to_string();
        if !codes.contains(&code) {
            codes.push(code);
        }
    }
    codes
}

/// A text without quoted-printable's soft line breaks ("=" at a line's end, before "\r\n" or "\n"), in one
/// pass: what a removal leaves is not looked at again.
fn soft_breaks_removed(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('=') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        rest = if let Some(next) = after.strip_prefix("\r\n") {
            next
        } else if let Some(next) = after.strip_prefix('\n') {
            next
        } else {
            out.push('=');
            after
        };
    }
    out.push_str(rest);
    out
}

/// The longest start of `text` that a code can be: `IL1.`, base64url characters, then `.` and eight hex
/// digits where they follow.
fn code_prefix(text: &str) -> &str {
    let body = PREFIX.len()
        + text[PREFIX.len()..]
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'-' || *b == b'_')
            .count();
    let sum = &text[body..];
    let hex = |b: &u8| b.is_ascii_digit() || (b'a'..=b'f').contains(b);
    if sum.len() >= 9 && sum.starts_with('.') && sum.as_bytes()[1..9].iter().all(hex) {
        &text[..body + 9]
    } else {
        &text[..body]
    }
}

/// Why a code cannot be read, in words for the teacher's table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Not a result code of this lab at all.
    NotACode,
    /// Cut short, or changed after it was made: the checksum does not match.
    Damaged,
    /// Whole (its checksum matches), but not what a result code holds: made by hand, or by another version.
    Unreadable(String),
}

impl std::fmt::Display for CodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            CodeError::NotACode => "not a result code (they start with IL1.)",
            CodeError::Damaged => {
                "damaged or incomplete: its checksum does not match (was it cut short when pasted?)"
            }
            CodeError::Unreadable(why) => {
                return write!(
                    f,
                    "whole, but not what a result code holds ({why}): was it made by hand?"
                )
            }
        })
    }
}

impl HandIn {
    /// The code for these answers.
    pub fn code(&self) -> String {
        let json = serde_json::to_string(self).expect("a hand-in is plain data");
        let body = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(json));
        format!("{body}.{:08x}", crc32fast::hash(body.as_bytes()))
    }

    /// Reads a code (spaces and line breaks a mail program added are ignored).
    pub fn read(code: &str) -> Result<HandIn, CodeError> {
        let code: String = code.split_whitespace().collect();
        if !code.starts_with(PREFIX) {
            return Err(CodeError::NotACode);
        }
        let (body, sum) = code.rsplit_once('.').ok_or(CodeError::Damaged)?;
        if body.len() < PREFIX.len()
            || u32::from_str_radix(sum, 16).ok() != Some(crc32fast::hash(body.as_bytes()))
            || sum.len() != 8
        {
            return Err(CodeError::Damaged);
        }
        let json = URL_SAFE_NO_PAD
            .decode(&body[PREFIX.len()..])
            .map_err(|_| CodeError::Damaged)?;
        // The checksum matched: a code that does not read is not damaged but made otherwise.
        serde_json::from_slice(&json).map_err(|e| CodeError::Unreadable(e.to_string()))
    }
}

/// An answers file as the CLI grades it: TOML with the student's `name` and `answers = ["…", …]`, one a task
/// ("" for none).
pub fn read_answers_file(text: &str, worksheet: &str) -> Result<HandIn, String> {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Raw {
        #[serde(default)]
        name: String,
        answers: Vec<String>,
    }
    let raw: Raw = toml::from_str(text).map_err(|e| {
        let line = e
            .span()
            .map(|s| {
                format!(
                    "line {}: ",
                    text[..s.start.min(text.len())].matches('\n').count() + 1
                )
            })
            .unwrap_or_default();
        format!("{line}{}", e.message().trim())
    })?;
    Ok(HandIn {
        name: raw.name,
        worksheet: worksheet.to_string(),
        version: None,
        params: Vec::new(),
        answers: raw.answers,
    })
}
