//! A worksheet as a SCORM package, for a school's LMS (Moodle, Canvas, Blackboard…): the package's
//! `imsmanifest.xml`, and what the launch page reports to the LMS's run-time API when a student hands in: the
//! score, the completion and success, and each task as an interaction. SCORM 1.2 and SCORM 2004 (its run-time
//! data model only: no sequencing). The teacher's page and the CLI only zip what is written here, with the
//! site's files.

use super::{read_number, AnswerVerdict, Graded, Kind, Worksheet};
use crate::format as numbers;
use crate::Error;

/// The two versions of SCORM an LMS runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Version {
    V12,
    V2004,
}

/// The longest suspend data each version keeps, in characters: the launch page keeps the progress within it.
pub const SUSPEND_LIMIT_12: usize = 4096;
pub const SUSPEND_LIMIT_2004: usize = 64000;

/// SCORM 1.2 keeps at most this many characters of a student's response.
const RESPONSE_LIMIT_12: usize = 255;

impl Version {
    pub const ALL: [Version; 2] = [Version::V12, Version::V2004];

    /// `1.2` or `2004`, as the CLI, the teacher's page and the launch page's URL name it.
    pub fn from_id(id: &str) -> Result<Version, Error> {
        match id {
            "1.2" => Ok(Version::V12),
            "2004" => Ok(Version::V2004),
            other => Err(Error::Inconsistent(format!(
                "SCORM version '{other}': it is 1.2 or 2004"
            ))),
        }
    }

    pub fn id(self) -> &'static str {
        match self {
            Version::V12 => "1.2",
            Version::V2004 => "2004",
        }
    }

    /// The manifest's `schemaversion`.
    pub fn schema(self) -> &'static str {
        match self {
            Version::V12 => "1.2",
            Version::V2004 => "2004 4th Edition",
        }
    }

    /// The most characters of suspend data the LMS keeps.
    pub fn suspend_limit(self) -> usize {
        match self {
            Version::V12 => SUSPEND_LIMIT_12,
            Version::V2004 => SUSPEND_LIMIT_2004,
        }
    }
}

/// Text made safe for XML, in an attribute or between tags.
fn xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An identifier XML accepts (an `xs:ID`): letters, digits, `-`, `_` and `.`, starting with a letter.
fn identifier(text: &str) -> String {
    let kept: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                c
            } else {
                '-'
            }
        })
        .collect();
    format!("integrator-lab-{kept}")
}

/// The page the package opens, with the worksheet and the version in its query: the lab's own page, in LMS
/// mode (`scorm=`), on the worksheet file the package carries.
pub fn launch(sheet: &Worksheet, version: Version) -> String {
    format!(
        "index.html?worksheet=worksheets/{}.toml&scorm={}",
        file_name(sheet),
        version.id()
    )
}

/// The lab's page (`index.html`) as a package's launch page: without its link to the web app manifest, which a
/// package does not carry (an LMS's site is not the lab's to install, nor to cache: the page registers no
/// service worker with `scorm=` in its address).
pub fn launch_page(index_html: &str) -> String {
    index_html
        .lines()
        // Nor the link card's tags, which name the site the lab was built for.
        .filter(|line| {
            !line.contains("rel=\"manifest\"")
                && !line.contains("property=\"og:")
                && !line.contains("name=\"twitter:")
                && !line.contains("application/json+oembed")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The site's files a package carries besides the launch page and the worksheet: every built asset but the
/// core's builds a worksheet never loads (the base tier, an embedded figure's; the language tier, "your
/// method"'s, which a worksheet page does not offer).
pub fn carries(asset: &str) -> bool {
    let name = asset.rsplit('/').next().unwrap_or(asset);
    asset.starts_with("assets/")
        && !(name.ends_with(".wasm")
            && (name.starts_with("base_bg") || name.starts_with("language_bg")))
        && !name.ends_with(".map")
}

/// The name of the worksheet's file in the package (`worksheets/NAME.toml`).
pub fn file_name(sheet: &Worksheet) -> String {
    sheet
        .id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// The package's `imsmanifest.xml`: one organization with one item, whose one resource (a SCO) is the launch
/// page, listing `files` (every file the package holds but the manifest).
pub fn manifest(sheet: &Worksheet, version: Version, files: &[String]) -> String {
    let id = identifier(&format!(
        "{}-{}-scorm{}",
        sheet.id,
        sheet.version.as_deref().unwrap_or("1"),
        version.id()
    ));
    let title = xml(&sheet.title);
    let files: String = files
        .iter()
        .map(|f| format!("      <file href=\"{}\"/>\n", xml(f)))
        .collect();
    let launch = xml(&launch(sheet, version));
    // What differs between the versions: the namespaces, the SCO's attribute, and (1.2 only) a mastery score,
    // in percent, where the worksheet has a pass mark; SCORM 2004 reads passing from the reported status.
    let (package, adlcp, schemas, sco) = match version {
        Version::V12 => (
            "http://www.imsproject.org/xsd/imscp_rootv1p1p2",
            "http://www.adlnet.org/xsd/adlcp_rootv1p2",
            "imscp_rootv1p1p2.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd",
            "adlcp:scormtype",
        ),
        Version::V2004 => (
            "http://www.imsglobal.org/xsd/imscp_v1p1",
            "http://www.adlnet.org/xsd/adlcp_v1p3",
            "imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd",
            "adlcp:scormType",
        ),
    };
    let mastery = match (version, sheet.pass) {
        (Version::V12, Some(p)) => format!(
            "        <adlcp:masteryscore>{}</adlcp:masteryscore>\n",
            numbers::number((100.0 * p).round())
        ),
        _ => String::new(),
    };
    let schema = version.schema();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="{id}" version="1"
  xmlns="{package}"
  xmlns:adlcp="{adlcp}"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="{package} {schemas}">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>{schema}</schemaversion>
  </metadata>
  <organizations default="organization">
    <organization identifier="organization">
      <title>{title}</title>
      <item identifier="item" identifierref="worksheet" isvisible="true">
        <title>{title}</title>
{mastery}      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="worksheet" type="webcontent" {sco}="sco" href="{launch}">
{files}    </resource>
  </resources>
</manifest>
"#
    )
}

/// A response cut to what SCORM 1.2 keeps, and whether it was cut.
fn cut(text: &str, version: Version) -> (String, bool) {
    if version == Version::V12 && text.chars().count() > RESPONSE_LIMIT_12 {
        (text.chars().take(RESPONSE_LIMIT_12).collect(), true)
    } else {
        (text.to_string(), false)
    }
}

/// What the launch page sets in the LMS when a student hands in, element by element, in order: the score in
/// percent (the graded tasks' right answers: predictions and explanations are not in it), completion and
/// success, and each
/// task as an interaction (its type, the student's response and its result). Where the worksheet has no `pass`,
/// success is unknown (2004) or the lesson only completed (1.2). The second list says what had to be cut (an
/// explanation longer than SCORM 1.2 keeps), for the student to be told.
pub fn report(
    sheet: &Worksheet,
    graded: &Graded,
    answers: &[String],
    version: Version,
) -> (Vec<(String, String)>, Vec<String>) {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut cuts = Vec::new();
    let mut set = |k: String, v: String| out.push((k, v));
    let (right, of) = (graded.right, graded.graded);
    let status = sheet.pass.map(|p| {
        if of > 0 && right as f64 >= p * of as f64 - 1e-9 {
            "passed"
        } else {
            "failed"
        }
    });
    let prefix = match version {
        Version::V12 => "cmi.core.score",
        Version::V2004 => "cmi.score",
    };
    // The score in percent (0 to 100): LMSs take the raw score as the grade out of their activity's maximum,
    // 100 unless changed, and SCORM 1.2's mastery score is in percent too.
    if of > 0 {
        set(
            format!("{prefix}.raw"),
            numbers::number((100.0 * right as f64 / of as f64 * 100.0).round() / 100.0),
        );
        set(format!("{prefix}.min"), "0".into());
        set(format!("{prefix}.max"), "100".into());
    }
    match version {
        Version::V12 => set(
            "cmi.core.lesson_status".into(),
            status.unwrap_or("completed").into(),
        ),
        Version::V2004 => {
            if of > 0 {
                set(
                    "cmi.score.scaled".into(),
                    numbers::number(right as f64 / of as f64),
                );
            }
            set("cmi.completion_status".into(), "completed".into());
            set(
                "cmi.success_status".into(),
                status.unwrap_or("unknown").into(),
            );
        }
    }
    for (i, (task, checked)) in sheet.tasks.iter().zip(&graded.checked).enumerate() {
        let answer = answers.get(i).map(String::as_str).unwrap_or("").trim();
        let at = format!("cmi.interactions.{i}");
        set(format!("{at}.id"), format!("task-{}", i + 1));
        // A number the core could read is recorded as the number; anything else as the text typed.
        let (kind, response) = match &task.kind {
            Kind::Number(c) | Kind::Find(c) => match read_number(answer, &c.unit) {
                Ok(v) => ("numeric", numbers::number(v)),
                Err(_) => ("fill-in", answer.to_string()),
            },
            // SCORM 1.2 writes a choice as a single letter or digit: the option's place, a for the first.
            Kind::Choice(c) => match version {
                Version::V12 => (
                    "choice",
                    c.options
                        .iter()
                        .position(|o| o == answer)
                        .and_then(|k| char::from_digit(10 + k as u32, 36))
                        .map(String::from)
                        .unwrap_or_default(),
                ),
                Version::V2004 => ("choice", answer.to_string()),
            },
            Kind::Explain => (
                match version {
                    Version::V12 => "fill-in",
                    Version::V2004 => "long-fill-in",
                },
                answer.to_string(),
            ),
        };
        set(format!("{at}.type"), kind.into());
        let (response, was_cut) = cut(&response, version);
        if was_cut {
            cuts.push(format!(
                "task {}: your answer was cut to the {RESPONSE_LIMIT_12} characters SCORM 1.2 keeps (your result \
                 code holds all of it)",
                i + 1
            ));
        }
        if !response.is_empty() {
            let field = match version {
                Version::V12 => "student_response",
                Version::V2004 => "learner_response",
            };
            set(format!("{at}.{field}"), response);
        }
        // A prediction is scored apart: neutral for the gradebook, whatever it said.
        let result = match checked.verdict {
            _ if task.predict => "neutral",
            AnswerVerdict::Right => "correct",
            AnswerVerdict::NotGraded => "neutral",
            AnswerVerdict::Blank if matches!(task.kind, Kind::Explain) => "neutral",
            _ => match version {
                Version::V12 => "wrong",
                Version::V2004 => "incorrect",
            },
        };
        set(format!("{at}.result"), result.into());
        if version == Version::V2004 {
            let about = if task.predict {
                format!("(a prediction, not in the score) {}", task.question.trim())
            } else {
                task.question.trim().to_string()
            };
            set(
                format!("{at}.description"),
                about.chars().take(250).collect(),
            );
        }
    }
    (out, cuts)
}
