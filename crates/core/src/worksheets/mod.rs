//! Classroom worksheets: predict, observe, explain, checked by the core (the format is documented in
//! docs/worksheets.md).
//!
//! A worksheet is a TOML file a teacher writes: a title, an article, tasks. A task never holds its answer:
//! it names a quantity of a run ([`Quantity`]) and the core computes it, for the parameters each student
//! draws from their name where the worksheet randomises any. [`Worksheet::key`] works out every answer;
//! [`Key::check`] grades a student's; [`handin`] writes and reads the result code a student hands in.

mod format;
pub mod handin;
mod quantity;
pub mod scorm;

use crate::{articles, format as numbers, Error, Precision};

pub use format::{parse, MAX_DRAWS, WORK_BUDGET};
pub use quantity::{At, Quantity, Stepper, System, What};

/// The built-in worksheets: (id, TOML text), in the order the lab lists them.
pub const BUILT_IN: [(&str, &str); 6] = [
    ("fiedler", include_str!("builtin/fiedler.toml")),
    (
        "gravity-answer",
        include_str!("builtin/gravity-answer.toml"),
    ),
    ("van-verth", include_str!("builtin/van-verth.toml")),
    ("lecture", include_str!("builtin/lecture.toml")),
    ("true-physics", include_str!("builtin/true-physics.toml")),
    ("stability", include_str!("builtin/stability.toml")),
];

/// A built-in worksheet by id.
pub fn built_in(id: &str) -> Result<Worksheet, WorksheetError> {
    let (_, text) = BUILT_IN.iter().find(|(i, _)| *i == id).ok_or_else(|| {
        let known: Vec<&str> = BUILT_IN.iter().map(|(i, _)| *i).collect();
        WorksheetError::general(format!(
            "unknown worksheet '{id}' (built in: {})",
            known.join(", ")
        ))
    })?;
    parse(id, text)
}

/// Where a worksheet is wrong: its line (1-based, where known) and what is wrong, in one line.
#[derive(Clone, Debug, PartialEq)]
pub struct WorksheetError {
    pub line: Option<usize>,
    pub message: String,
}

impl WorksheetError {
    fn general(message: String) -> Self {
        WorksheetError {
            line: None,
            message,
        }
    }
}

impl std::fmt::Display for WorksheetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.line {
            Some(line) => write!(f, "line {line}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// A parameter drawn for each student from a range, in steps.
#[derive(Clone, Debug, PartialEq)]
pub struct Random {
    pub name: String,
    pub min: f64,
    pub max: f64,
    pub step: f64,
}

impl Random {
    /// The value `pick` steps up from `min`, written as the step is: 0.1 + 3·0.1 is 0.4, not
    /// 0.30000000000000004 + 0.1.
    fn value(&self, pick: u64) -> f64 {
        let value = self.min + pick as f64 * self.step;
        numbers::significant(value, 12).parse().unwrap_or(value)
    }
}

/// How a task is answered and checked.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// A quantity of the run, within a tolerance.
    Number(Check),
    /// A value the student finds with the lab (the largest stable dt…), checked as a number.
    Find(Check),
    /// One of several options: the one whose quantity is smallest, largest, or nearest the quantity.
    Choice(Choice),
    /// Free text: kept in the hand-in, not graded.
    Explain,
}

impl Kind {
    /// The kinds by the names a worksheet file gives them, which the CLI and the page show too.
    pub const NAMES: [&'static str; 4] = ["number", "find", "choice", "explain"];

    /// The kind's name, as the worksheet file writes it.
    pub fn name(&self) -> &'static str {
        match self {
            Kind::Number(_) => "number",
            Kind::Find(_) => "find",
            Kind::Choice(_) => "choice",
            Kind::Explain => "explain",
        }
    }
}

/// A number's check: the quantity, its unit, the tolerance, and known wrong answers.
#[derive(Clone, Debug, PartialEq)]
pub struct Check {
    pub quantity: Quantity,
    pub unit: String,
    pub tolerance: Tolerance,
    /// Which side of the value an answer may fall: a largest stable dt is answered at or below it.
    pub side: Side,
    pub mistakes: Vec<Mistake>,
}

/// The side of the correct value that an answer may fall on (and still be within the tolerance).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Both,
    /// At or below the value: a step above a largest stable dt is unstable, however close.
    Below,
    /// At or above the value.
    Above,
}

impl Check {
    /// Whether `answer` is right for the computed `value`: within the tolerance, on the allowed side.
    fn accepts(&self, answer: f64, value: f64) -> bool {
        let sided = match self.side {
            Side::Both => true,
            Side::Below => answer <= value,
            Side::Above => answer >= value,
        };
        sided && self.tolerance.accepts(answer, value)
    }

    /// The tolerance in words, with its side.
    fn text(&self) -> String {
        let within = self.tolerance.text(&self.unit);
        match self.side {
            Side::Both => within,
            Side::Below => format!("{within}, and not above it"),
            Side::Above => format!("{within}, and not below it"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tolerance {
    Relative(f64),
    Absolute(f64),
}

impl Tolerance {
    fn accepts(self, answer: f64, value: f64) -> bool {
        let off = (answer - value).abs();
        match self {
            Tolerance::Relative(r) => off <= r * value.abs(),
            Tolerance::Absolute(a) => off <= a,
        }
    }

    /// In words. Where the answer is itself a percentage, a relative tolerance is said to be of the value
    /// and an absolute one in percentage points, so that "within 5 %" of 12 % is not read as 7 % to 17 %.
    fn text(self, unit: &str) -> String {
        match self {
            Tolerance::Relative(r) if unit == "%" => {
                let r = numbers::significant(100.0 * r, 3);
                format!("within {r} % of the value, not {r} percentage points")
            }
            Tolerance::Relative(r) => format!("within {} %", numbers::significant(100.0 * r, 3)),
            Tolerance::Absolute(a) if unit == "%" => {
                format!("within {} percentage points", numbers::number(a))
            }
            Tolerance::Absolute(a) => format!("within {} {unit}", numbers::number(a))
                .trim_end()
                .to_string(),
        }
    }
}

/// A known wrong answer: the quantity it would be (for a number), or the option (for a choice), and what
/// the mistake behind it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Mistake {
    pub quantity: Option<Quantity>,
    pub option: Option<String>,
    pub says: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choose {
    Smallest,
    Largest,
    Nearest,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The options' ids: method ids (each option's quantity is computed with that method), or numbers (for
    /// `nearest`).
    pub options: Vec<String>,
    /// What the page shows for each option.
    pub labels: Vec<String>,
    pub choose: Choose,
    pub quantity: Quantity,
    pub mistakes: Vec<Mistake>,
}

/// One task of a worksheet.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    /// The line of its `[[task]]` header.
    pub line: usize,
    /// The run it is about, as a permalink query (without `?`).
    pub setup: String,
    pub question: String,
    pub kind: Kind,
    /// The run stays hidden until the answer is committed, and the first answer is the one kept.
    pub predict: bool,
    pub hints: Vec<String>,
    /// Shown once the task is answered.
    pub explanation: String,
}

/// A worksheet, checked: every task's setup and quantity are valid for its scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Worksheet {
    /// The worksheet's `id` (a built-in's is its own), or `text-` and a hash of the text for one that
    /// gives none. It seeds the students' draws and names the worksheet in a hand-in code.
    pub id: String,
    /// The worksheet's `version`, for the teacher's information: it travels with a code and seeds nothing.
    pub version: Option<String>,
    /// The fraction of the graded tasks to get right to pass, where the worksheet says (`pass = 0.8`): an LMS's
    /// gradebook then records passed or failed ([`scorm`]).
    pub pass: Option<f64>,
    pub title: String,
    /// The article's id, where it follows one.
    pub article: Option<&'static str>,
    pub about: String,
    pub random: Vec<Random>,
    pub tasks: Vec<Task>,
}

/// A task's correct answer for one student's parameters.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The value in the worksheet's unit and the tolerance's words; for a `find`, the same.
    Number {
        value: f64,
        unit: String,
        tolerance: String,
        /// Each known mistake's value, in order (NaN where its run diverged).
        mistakes: Vec<f64>,
    },
    /// The correct option's id and label, and each option's quantity.
    Choice {
        option: String,
        label: String,
        values: Vec<f64>,
    },
    Explain,
}

impl Answer {
    /// The answer in words, as the CLI and the teacher's key show it.
    pub fn text(&self) -> String {
        match self {
            Answer::Number {
                value,
                unit,
                tolerance,
                ..
            } => format!("{} {unit} ({tolerance})", numbers::significant(*value, 6))
                .replace("  ", " "),
            Answer::Choice { option, label, .. } if label != option => {
                format!("{label} ({option})")
            }
            Answer::Choice { option, .. } => option.clone(),
            Answer::Explain => "not graded".to_string(),
        }
    }
}

/// Every task's correct answer, for one student.
#[derive(Clone, Debug, PartialEq)]
pub struct Key {
    /// The parameters drawn for the student, by name.
    pub params: Vec<(String, f64)>,
    /// Each task's setup with those parameters, as a permalink query.
    pub setups: Vec<String>,
    pub answers: Vec<Answer>,
}

/// How an answer fared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnswerVerdict {
    Right,
    Wrong,
    /// The answer could not be read (not a number, another unit, not one of the options).
    Unreadable,
    /// An `explain` task: kept, not graded.
    NotGraded,
    /// No answer given.
    Blank,
}

impl AnswerVerdict {
    pub const ALL: [AnswerVerdict; 5] = [
        AnswerVerdict::Right,
        AnswerVerdict::Wrong,
        AnswerVerdict::Unreadable,
        AnswerVerdict::NotGraded,
        AnswerVerdict::Blank,
    ];

    /// The mark the worksheet's task list and the teacher's table show for it.
    pub fn mark(&self) -> &'static str {
        match self {
            AnswerVerdict::Right => "✓",
            AnswerVerdict::Wrong => "✗",
            AnswerVerdict::Unreadable => "?",
            AnswerVerdict::NotGraded => "✎",
            AnswerVerdict::Blank => "–",
        }
    }

    pub fn id(&self) -> &'static str {
        match self {
            AnswerVerdict::Right => "right",
            AnswerVerdict::Wrong => "wrong",
            AnswerVerdict::Unreadable => "unreadable",
            AnswerVerdict::NotGraded => "not graded",
            AnswerVerdict::Blank => "blank",
        }
    }
}

/// An answer's verdict and the feedback to show: what is right, or the likely mistake, or what to do.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    pub verdict: AnswerVerdict,
    pub feedback: String,
    /// Whether the feedback names a known mistake (rather than saying only that the answer is off).
    pub named: bool,
}

/// 64-bit FNV-1a: names a text (a pasted worksheet) and seeds a student's parameters. Not a signature.
pub fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The SplitMix64 sequence: small, and the same on every machine.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Whether a worksheet's source, as a page or a link names it, is a built-in's id (a word: letters, digits,
/// `-` and `_`) rather than a worksheet's text or a file's address. An unknown id is still an id: opening it
/// says that no built-in has it.
pub fn is_id(source: &str) -> bool {
    !source.is_empty()
        && source
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Characters that draw nothing (format characters: zero-width spaces and joiners, soft hyphens, direction
/// marks and overrides, the byte-order mark): a name that differs from another only by them is the same
/// name to anyone reading it.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{ad}'
                | '\u{34f}'
                | '\u{61c}'
                | '\u{115f}'
                | '\u{1160}'
                | '\u{17b4}'
                | '\u{17b5}'
                | '\u{180b}'..='\u{180f}'
                | '\u{200b}'..='\u{200f}'
                | '\u{202a}'..='\u{202e}'
                | '\u{2060}'..='\u{206f}'
                | '\u{3164}'
                | '\u{fe00}'..='\u{fe0f}'
                | '\u{feff}'
                | '\u{ffa0}'
        )
}

/// A student's name as typed, tidied as a reader sees it: compatibility forms folded (NFKC: a full-width
/// letter is the letter), characters that draw nothing dropped, spaces trimmed and runs collapsed. How a
/// hand-in and the teacher's table show it.
pub fn tidy_name(name: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let folded: String = name
        .nfkc()
        .filter(|&c| c.is_whitespace() || !invisible(c))
        .collect();
    folded.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A student's name as it identifies them (case, spaces and invisible characters aside) and seeds their
/// parameters: two names a reader cannot tell apart draw the same parameters.
pub fn normal_name(name: &str) -> String {
    tidy_name(name).to_lowercase()
}

impl Worksheet {
    /// The parameters a student draws: each randomised parameter in its range, on its steps, seeded by the
    /// worksheet and the student's name (the same name gives the same values everywhere).
    pub fn params_for(&self, name: &str) -> Vec<(String, f64)> {
        let mut seed = fnv1a(&format!("{}\n{}", self.id, normal_name(name)));
        self.random
            .iter()
            .map(|r| {
                // At most MAX_DRAWS values (a worksheet with more is refused as it is read): no overflow.
                let steps = ((r.max - r.min) / r.step + 1e-9)
                    .floor()
                    .min(MAX_DRAWS as f64) as u64;
                let pick = splitmix(&mut seed) % (steps + 1);
                (r.name.clone(), r.value(pick))
            })
            .collect()
    }

    /// A task's setup for a student's parameters: the setup, the scenario's methods and the precision.
    fn setup_of(&self, task: &Task, params: &[(String, f64)]) -> Result<format::TaskSetup, Error> {
        format::setup(&task.setup, params)
    }

    /// Every way the random parameters can be drawn (one empty draw where there are none).
    pub fn draws(&self) -> Vec<Vec<(String, f64)>> {
        let mut draws = vec![Vec::new()];
        for r in &self.random {
            let steps = ((r.max - r.min) / r.step + 1e-9)
                .floor()
                .min(MAX_DRAWS as f64) as u64;
            draws = draws
                .into_iter()
                .flat_map(|d| {
                    (0..=steps).map(move |pick| {
                        let mut d = d.clone();
                        d.push((r.name.clone(), r.value(pick)));
                        d
                    })
                })
                .collect();
        }
        draws
    }

    /// Every task's correct answer for the student `name`, computed now.
    pub fn key(&self, name: &str) -> Result<Key, WorksheetError> {
        let params = self.params_for(name);
        let (setups, answers) = self.answers_for(&params, &vec![true; self.tasks.len()])?;
        Ok(Key {
            params,
            setups,
            answers,
        })
    }

    /// The setups and answers of the tasks marked in `which` (the others are passed over), for the
    /// parameters `params`. An answer no student could write (a diverged run, a tie) is an error.
    fn answers_for(
        &self,
        params: &[(String, f64)],
        which: &[bool],
    ) -> Result<(Vec<String>, Vec<Answer>), WorksheetError> {
        let mut setups = Vec::new();
        let mut answers = Vec::new();
        for (i, task) in self.tasks.iter().enumerate() {
            if !which.get(i).copied().unwrap_or(false) {
                continue;
            }
            let at = |e: Error| WorksheetError {
                line: Some(task.line),
                message: format!("task {}: {e}", i + 1),
            };
            let format::TaskSetup {
                setup,
                precision,
                query,
                ..
            } = self.setup_of(task, params).map_err(at)?;
            setups.push(query);
            answers.push(match &task.kind {
                Kind::Number(check) | Kind::Find(check) => Answer::Number {
                    value: match check.quantity.value(&setup, precision).map_err(at)? {
                        v if v.is_finite() => v,
                        v => {
                            return Err(at(Error::Inconsistent(format!(
                                "its answer is {v}, which no student can write (a run that diverged, an \
                                 exact method's order, a method stable at any dt): change the setup or the \
                                 quantity"
                            ))))
                        }
                    },
                    unit: check.unit.clone(),
                    tolerance: check.text(),
                    mistakes: check
                        .mistakes
                        .iter()
                        .filter_map(|m| m.quantity.as_ref())
                        .map(|q| q.value(&setup, precision))
                        .collect::<Result<_, _>>()
                        .map_err(at)?,
                },
                Kind::Choice(choice) => {
                    let values = choice_values(choice, &setup, precision).map_err(at)?;
                    let option = chosen(choice, &values).map_err(at)?;
                    let label = choice
                        .options
                        .iter()
                        .position(|o| *o == option)
                        .map(|i| choice.labels[i].clone())
                        .unwrap_or_else(|| option.clone());
                    Answer::Choice {
                        option,
                        label,
                        values,
                    }
                }
                Kind::Explain => Answer::Explain,
            });
        }
        Ok((setups, answers))
    }
}

/// Each option's quantity: the option's method's, or (for `nearest`) the option's stated number.
fn choice_values(choice: &Choice, setup: &System, precision: Precision) -> Result<Vec<f64>, Error> {
    match choice.choose {
        Choose::Nearest => {
            let value = choice.quantity.value(setup, precision)?;
            Ok(vec![value])
        }
        Choose::Smallest | Choose::Largest => choice
            .options
            .iter()
            .map(|o| {
                let method = Stepper::of(o, setup)?;
                let q = Quantity {
                    method: Some(method),
                    ..choice.quantity.clone()
                };
                q.value(setup, precision)
            })
            .collect(),
    }
}

/// The correct option for the computed values.
fn chosen(choice: &Choice, values: &[f64]) -> Result<String, Error> {
    // A diverged option (∞ or NaN) counts as the largest value, never the smallest: a student sees it blow up.
    let sized: Vec<(usize, f64)> = values
        .iter()
        .map(|&v| if v.is_finite() { v } else { f64::INFINITY })
        .enumerate()
        .collect();
    let ranked: Vec<(usize, f64)> = match choice.choose {
        Choose::Nearest => {
            let value = values[0];
            if !value.is_finite() {
                return Err(Error::Inconsistent(format!(
                    "the quantity is {value}, not a number an option can be nearest to"
                )));
            }
            choice
                .options
                .iter()
                .enumerate()
                .map(|(i, o)| {
                    let option = numbers::parse("option", o).unwrap_or(f64::NAN);
                    (i, (option - value).abs())
                })
                .filter(|(_, d)| !d.is_nan())
                .collect()
        }
        Choose::Smallest => sized,
        Choose::Largest => sized.into_iter().map(|(i, v)| (i, -v)).collect(),
    };
    let Some(&(best, value)) = ranked
        .iter()
        .min_by(|a, b| a.1.partial_cmp(&b.1).unwrap_or(std::cmp::Ordering::Equal))
    else {
        return Err(Error::Inconsistent(
            "no option's quantity could be computed".to_string(),
        ));
    };
    // An exact tie (within round-off) has no one right answer: refused, never decided by the list's order.
    let tied = |v: f64| {
        v == value
            || (v.is_finite()
                && value.is_finite()
                && (v - value).abs() <= 1e-12 * v.abs().max(value.abs()))
    };
    if let Some(&(other, _)) = ranked.iter().find(|&&(i, v)| i != best && tied(v)) {
        return Err(Error::Inconsistent(format!(
            "options '{}' and '{}' tie{}: no one option is right; change the options or the setup",
            choice.options[best],
            choice.options[other],
            if value.is_infinite() {
                " (both diverge)"
            } else {
                ""
            }
        )));
    }
    Ok(choice.options[best].clone())
}

/// Whether an answer looks like a number with a thousands separator (794,215: a comma, then three digits,
/// and no point), which the grader reads with a decimal comma.
fn thousands_like(answer: &str) -> bool {
    let text = answer.trim();
    !text.contains('.')
        && text.split_once(',').is_some_and(|(whole, part)| {
            !whole.is_empty()
                && whole
                    .trim_start_matches(['+', '-', '\u{2212}'])
                    .chars()
                    .all(|c| c.is_ascii_digit())
                && part.len() == 3
                && part.chars().all(|c| c.is_ascii_digit())
        })
}

/// Reads a number answer: a decimal point or a decimal comma, a fraction, and the unit after it if any.
pub fn read_number(text: &str, unit: &str) -> Result<f64, String> {
    // A typographic minus (−) is a minus.
    let text = text.trim().replace('\u{2212}', "-");
    let text = text.as_str();
    let number = match text.strip_suffix(unit) {
        Some(rest) if !unit.is_empty() => rest.trim_end(),
        _ => text,
    };
    let unit_hint = if unit.is_empty() {
        String::new()
    } else {
        format!(" in {unit}")
    };
    // A decimal comma (449,5), where there is no point too.
    let number = if number.contains('.') {
        number.to_string()
    } else {
        number.replacen(',', ".", 1)
    };
    numbers::parse("answer", &number).map_err(|_| {
        // A number past the largest double (1e309) reads as infinite: say so, not "write just the number".
        if number.parse::<f64>().is_ok_and(f64::is_infinite) {
            return format!("{number} is too large a number to compute with (beyond 1.8e308)");
        }
        if number
            .trim_start_matches(['+', '-'])
            .starts_with(|c: char| c.is_ascii_digit() || c == '.')
        {
            format!("write just the number{unit_hint} (such as 12.5 or 12,5)")
        } else {
            format!("that is not a number: write one{unit_hint}, such as 12.5 or 12,5")
        }
    })
}

impl Key {
    /// Grades one answer to task `i` of `sheet`.
    pub fn check(&self, sheet: &Worksheet, i: usize, answer: &str) -> Checked {
        let checked = |verdict, feedback: String| Checked {
            verdict,
            feedback,
            named: false,
        };
        let named = |feedback: String| Checked {
            verdict: AnswerVerdict::Wrong,
            feedback,
            named: true,
        };
        let (Some(task), Some(key)) = (sheet.tasks.get(i), self.answers.get(i)) else {
            return checked(
                AnswerVerdict::Unreadable,
                format!("there is no task {}", i + 1),
            );
        };
        if answer.trim().is_empty() {
            return checked(AnswerVerdict::Blank, "No answer yet.".to_string());
        }
        match (&task.kind, key) {
            (Kind::Explain, _) => checked(
                AnswerVerdict::NotGraded,
                "Kept for your teacher: explanations are read, not graded.".to_string(),
            ),
            (
                Kind::Number(check) | Kind::Find(check),
                Answer::Number {
                    value, mistakes, ..
                },
            ) => {
                let given = match read_number(answer, &check.unit) {
                    Ok(v) => v,
                    Err(why) => return checked(AnswerVerdict::Unreadable, capitalised(&why)),
                };
                if check.accepts(given, *value) {
                    return checked(
                        AnswerVerdict::Right,
                        format!(
                            "Right: the lab computes {} {}.",
                            numbers::significant(*value, 6),
                            check.unit
                        )
                        .replace(" .", "."),
                    );
                }
                let known = check
                    .mistakes
                    .iter()
                    .filter(|m| m.quantity.is_some())
                    .zip(mistakes)
                    .find(|(_, v)| check.tolerance.accepts(given, **v));
                // 794,215 reads as 794.215 (a decimal comma): where that was meant as thousands, say so.
                let thousands = if thousands_like(answer) {
                    format!(
                        " (your {} was read as {}, with a decimal comma; write a thousand without a separator, \
                         as 1000)",
                        answer.trim(),
                        numbers::significant(given, 12)
                    )
                } else {
                    String::new()
                };
                let sided = match check.side {
                    Side::Below => "too large: the answer is the largest value that still holds, so nothing above it counts",
                    Side::Above => "too small: the answer is the smallest value that still holds, so nothing below it counts",
                    Side::Both => "",
                };
                match known {
                    Some((m, _)) => named(m.says.clone()),
                    None if check.tolerance.accepts(given, *value) => {
                        checked(AnswerVerdict::Wrong, format!("Close, but {sided}."))
                    }
                    None => checked(
                        AnswerVerdict::Wrong,
                        format!(
                            "Not what the lab computes ({}){thousands}. Look again{}.",
                            check.text(),
                            if task.hints.is_empty() {
                                ""
                            } else {
                                ", or ask for a hint"
                            }
                        ),
                    ),
                }
            }
            (Kind::Choice(choice), Answer::Choice { option, .. }) => {
                let given = answer.trim();
                let Some(index) = choice
                    .options
                    .iter()
                    .zip(&choice.labels)
                    .position(|(o, l)| o == given || l == given)
                else {
                    return checked(
                        AnswerVerdict::Unreadable,
                        format!("Choose one of: {}.", choice.labels.join(", ")),
                    );
                };
                let picked = &choice.options[index];
                if picked == option {
                    return checked(
                        AnswerVerdict::Right,
                        format!("Right: {}.", choice.labels[index]),
                    );
                }
                let said = choice
                    .mistakes
                    .iter()
                    .find(|m| m.option.as_deref() == Some(picked.as_str()));
                match said {
                    Some(m) => named(m.says.clone()),
                    None => checked(
                        AnswerVerdict::Wrong,
                        format!(
                            "Not “{}”. Look again{}.",
                            choice.labels[index],
                            if task.hints.is_empty() {
                                ""
                            } else {
                                ", or ask for a hint"
                            }
                        ),
                    ),
                }
            }
            _ => checked(
                AnswerVerdict::Unreadable,
                "this answer does not fit the task".to_string(),
            ),
        }
    }

    /// Grades every answer: the verdicts, and the score. A prediction is scored apart: a predict task is
    /// made to bring out the common mistake, and it does not cost the mark.
    pub fn grade(&self, sheet: &Worksheet, answers: &[String]) -> Graded {
        let checked: Vec<Checked> = (0..sheet.tasks.len())
            .map(|i| self.check(sheet, i, answers.get(i).map(String::as_str).unwrap_or("")))
            .collect();
        let mut graded = Graded {
            checked: Vec::new(),
            right: 0,
            graded: 0,
            predictions_right: 0,
            predictions: 0,
        };
        for (task, c) in sheet.tasks.iter().zip(&checked) {
            if matches!(task.kind, Kind::Explain) {
                continue;
            }
            let right = usize::from(c.verdict == AnswerVerdict::Right);
            if task.predict {
                graded.predictions += 1;
                graded.predictions_right += right;
            } else {
                graded.graded += 1;
                graded.right += right;
            }
        }
        graded.checked = checked;
        graded
    }
}

/// A hand-in graded: each answer's verdict, the score over the graded tasks, and the predictions apart.
#[derive(Clone, Debug, PartialEq)]
pub struct Graded {
    pub checked: Vec<Checked>,
    /// Right answers of the graded tasks (neither explanations nor predictions).
    pub right: usize,
    pub graded: usize,
    /// Predictions that came out as the run shows, of the predict tasks answered or not.
    pub predictions_right: usize,
    pub predictions: usize,
}

impl Graded {
    /// The score as the CLI, the page and the teacher's table write it: "3/4", and the predictions apart.
    pub fn score(&self) -> String {
        if self.predictions == 0 {
            format!("{}/{}", self.right, self.graded)
        } else {
            format!(
                "{}/{} (predictions {}/{}, not in the score)",
                self.right, self.graded, self.predictions_right, self.predictions
            )
        }
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect::<String>() + ".",
        None => String::new(),
    }
}

/// The article a worksheet follows, by id, for its heading.
pub fn article_citation(id: &str) -> Option<String> {
    articles::ALL
        .iter()
        .find(|a| a.id == id)
        .map(|a| a.citation())
}
