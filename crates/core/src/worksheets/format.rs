//! Reading a worksheet's TOML: each mistake is reported with its line, and every task is checked against
//! its scenario when the worksheet is loaded, not when a student reaches it.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use super::{
    fnv1a, At, Check, Choice, Choose, Kind, Mistake, Quantity, Random, Side, Stepper, System, Task,
    Tolerance, What, Worksheet, WorksheetError,
};
use crate::rotation::scenarios::{self as spinning, RotationSetup};
use crate::{format as numbers, Error, Precision, Setup};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSheet {
    /// The worksheet's own name: it seeds the students' draws and names the sheet in a code, so a typo fixed
    /// in the text changes neither.
    id: Option<Spanned<String>>,
    /// For the teacher's information: travels with a code, seeds nothing.
    version: Option<RawVersion>,
    /// The fraction of the graded tasks a student must get right to pass (an LMS's gradebook reads it).
    pass: Option<f64>,
    title: String,
    article: Option<String>,
    #[serde(default)]
    about: String,
    #[serde(default)]
    random: BTreeMap<String, Spanned<RawRandom>>,
    #[serde(default)]
    task: Vec<Spanned<RawTask>>,
}

/// A version as a teacher writes it: `version = 2` or `version = "2b"`.
#[derive(Deserialize)]
#[serde(untagged)]
enum RawVersion {
    Number(f64),
    Text(String),
}

/// A relative tolerance as a teacher writes it: a fraction (`0.02`) or a percentage with its unit (`"2 %"`).
#[derive(Deserialize, Clone)]
#[serde(untagged)]
enum RawTolerance {
    Fraction(f64),
    Text(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRandom {
    min: f64,
    max: f64,
    step: Option<f64>,
}

/// The fields that name a quantity, on a task and (overriding the task's) on a mistake. `RawTask` and
/// `RawMistake` repeat them rather than `#[serde(flatten)]` this struct: serde cannot refuse unknown fields
/// through a flatten, and a misspelled field must be reported with its line.
#[derive(Default, Clone)]
struct RawQuantity {
    quantity: Option<String>,
    method: Option<String>,
    coordinate: Option<String>,
    at: Option<f64>,
    step: Option<u64>,
    levels: Option<u32>,
    apart: Option<f64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTask {
    setup: String,
    question: String,
    kind: String,
    #[serde(default)]
    predict: bool,
    #[serde(default)]
    hints: Vec<String>,
    #[serde(default)]
    explanation: String,
    quantity: Option<String>,
    method: Option<String>,
    coordinate: Option<String>,
    at: Option<f64>,
    step: Option<u64>,
    levels: Option<u32>,
    apart: Option<f64>,
    unit: Option<String>,
    tolerance: Option<RawTolerance>,
    absolute: Option<f64>,
    side: Option<String>,
    options: Option<Vec<String>>,
    labels: Option<Vec<String>>,
    choose: Option<String>,
    #[serde(default)]
    mistake: Vec<Spanned<RawMistake>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawMistake {
    says: String,
    option: Option<String>,
    quantity: Option<String>,
    method: Option<String>,
    coordinate: Option<String>,
    at: Option<f64>,
    step: Option<u64>,
    levels: Option<u32>,
    apart: Option<f64>,
}

/// Keys of the page's URL that say how to show a run, not what it is: a permalink copied into a setup may
/// carry them, and they are passed over.
const SHOWING: [&str; 8] = [
    "speed",
    "coord",
    "views",
    "controls",
    "theme",
    "autoplay",
    "sync",
    "worksheet",
];

/// What a task's setup query says, with a student's parameters written in.
pub(super) struct TaskSetup {
    pub setup: System,
    pub methods: Vec<Stepper>,
    pub precision: Precision,
    /// Each method's twin starts from the first coordinate + this (`nudge=`; the page draws the twins).
    pub nudge: Option<f64>,
    /// The query as the page should open it (the parameters written in).
    pub query: String,
}

/// A setup query with a student's parameters (see [`TaskSetup`]).
pub(super) fn setup(query: &str, params: &[(String, f64)]) -> Result<TaskSetup, Error> {
    let mut scenario = None;
    let mut methods = Vec::new();
    let (mut dt, mut until, mut precision, mut nudge) = (None, None, Precision::F64, None);
    let mut overrides: Vec<(String, f64)> = Vec::new();
    let mut pairs: Vec<(String, String)> = Vec::new();
    for pair in query
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
    {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value = value.replace("%2C", ",").replace("%2F", "/");
        if SHOWING.contains(&key) {
            continue;
        }
        match key {
            "scenario" => scenario = Some(value.clone()),
            "methods" => methods = value.split(',').map(|m| m.trim().to_string()).collect(),
            "dt" => dt = Some(numbers::parse("dt", &value)?),
            "until" => until = Some(numbers::parse("until", &value)?),
            "precision" => precision = Precision::from_id(&value)?,
            "nudge" => nudge = Some(crate::chaos::check_nudge(numbers::parse("nudge", &value)?)?),
            "runs" => {
                return Err(Error::Inconsistent(
                    "a worksheet's setup takes methods=, not runs=".to_string(),
                ))
            }
            name => overrides.push((name.to_string(), numbers::parse(name, &value)?)),
        }
        pairs.push((key.to_string(), value));
    }
    let scenario =
        scenario.ok_or_else(|| Error::Inconsistent("the setup names no scenario=".to_string()))?;
    let body = spinning::get(&scenario);
    let declared = match body {
        Some(info) => info.params,
        None => crate::scenarios::get(&scenario)?.info().params,
    };
    for (name, value) in params {
        if !declared.iter().any(|p| p.name == name) {
            continue;
        }
        overrides.retain(|(n, _)| n != name);
        overrides.push((name.clone(), *value));
        pairs.retain(|(n, _)| n != name);
        pairs.push((name.clone(), numbers::number(*value)));
    }
    if methods.is_empty() {
        return Err(Error::NoMethods);
    }
    let setup = match body {
        Some(_) => {
            if precision != Precision::F64 || nudge.is_some() {
                return Err(Error::Inconsistent(
                    "a spinning body runs in f64 and without twins: drop precision= and nudge="
                        .into(),
                ));
            }
            System::Spinning(RotationSetup::new(&scenario, &overrides, dt, until)?)
        }
        None => System::Point(Setup::new(&scenario, &overrides, dt, until)?),
    };
    // Each method within the setup's family (`euler` is explicit Euler on a spring and on a spinning body).
    let methods = methods
        .iter()
        .map(|m| Stepper::of(m, &setup))
        .collect::<Result<Vec<_>, Error>>()?;
    let query = pairs
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("&");
    Ok(TaskSetup {
        setup,
        methods,
        precision,
        nudge,
        query,
    })
}

/// The line (1-based) of a byte offset.
fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}

/// Reads and checks a worksheet. `id` names it: a built-in's id, or (for a worksheet written elsewhere) an
/// empty id, which becomes `text-` and a hash of the text, so that hand-in codes can be matched to it.
pub fn parse(id: &str, text: &str) -> Result<Worksheet, WorksheetError> {
    let raw: RawSheet = toml::from_str(text).map_err(|e| {
        let (line, column) = match e.span() {
            Some(span) => {
                let line = line_of(text, span.start);
                let start = text[..span.start.min(text.len())]
                    .rfind('\n')
                    .map_or(0, |n| n + 1);
                (Some(line), span.start - start + 1)
            }
            None => (None, 0),
        };
        let message = e.message().trim().trim_end_matches('.').to_string();
        WorksheetError {
            line,
            message: match line {
                Some(_) => format!("column {column}: {message}"),
                None => message,
            },
        }
    })?;
    // Its own `id` first; else the built-in's it was opened as; else a hash of the text.
    let id = match &raw.id {
        Some(own) => {
            let line = Some(line_of(text, own.span().start));
            let own = own.get_ref();
            if !super::is_id(own) || own.starts_with("text-") || own.len() > 64 {
                return Err(WorksheetError {
                    line,
                    message: format!(
                        "id = '{own}': an id is a word of at most 64 letters, digits, '-' and '_', not \
                         starting with 'text-'"
                    ),
                });
            }
            if !id.is_empty() && own != id {
                return Err(WorksheetError {
                    line,
                    message: format!("id = '{own}', but it was opened as the built-in '{id}'"),
                });
            }
            own.clone()
        }
        None if id.is_empty() => format!("text-{:016x}", fnv1a(text)),
        None => id.to_string(),
    };
    let version = raw.version.as_ref().map(|v| match v {
        RawVersion::Number(n) => numbers::number(*n),
        RawVersion::Text(t) => t.trim().to_string(),
    });
    let article = match raw.article.as_deref() {
        None => None,
        Some(a) => Some(
            crate::articles::ALL
                .iter()
                .find(|x| x.id == a)
                .map(|x| x.id)
                .ok_or_else(|| {
                    let known: Vec<&str> = crate::articles::ALL.iter().map(|x| x.id).collect();
                    WorksheetError {
                        line: text.find("article").map(|o| line_of(text, o)),
                        message: format!("unknown article '{a}' (known: {})", known.join(", ")),
                    }
                })?,
        ),
    };
    let mut random = Vec::new();
    for (name, r) in &raw.random {
        let line = Some(line_of(text, r.span().start));
        let r = r.get_ref();
        let step = r.step.unwrap_or(1.0);
        if !(r.min.is_finite()
            && r.max.is_finite()
            && r.min <= r.max
            && step > 0.0
            && step.is_finite())
        {
            return Err(WorksheetError {
                line,
                message: format!("random {name}: needs finite min ≤ max and a positive step"),
            });
        }
        random.push(Random {
            name: name.clone(),
            min: r.min,
            max: r.max,
            step,
        });
    }
    if raw.task.is_empty() {
        return Err(WorksheetError::general(
            "the worksheet has no [[task]]".to_string(),
        ));
    }
    if let Some(p) = raw.pass {
        if !(p > 0.0 && p <= 1.0) {
            return Err(WorksheetError {
                line: text.find("pass").map(|o| line_of(text, o)),
                message: format!(
                    "pass = {}: it is the fraction of the graded tasks to get right, above 0 and at most 1 \
                     (0.8 for 80 %)",
                    numbers::number(p)
                ),
            });
        }
    }
    let mut tasks = Vec::new();
    for (i, spanned) in raw.task.iter().enumerate() {
        let line = line_of(text, spanned.span().start);
        let at = |message: String| WorksheetError {
            line: Some(line),
            message: format!("task {}: {message}", i + 1),
        };
        tasks.push(task(spanned.get_ref(), line).map_err(at)?);
    }
    // Every randomised parameter belongs to some task's scenario, and each end of its range makes a valid
    // setup of every task whose scenario has it.
    for r in &random {
        let mut used = false;
        for (i, t) in tasks.iter().enumerate() {
            for end in [r.min, r.max] {
                let s = setup(&t.setup, &[(r.name.clone(), end)])
                    .map(|t| t.setup)
                    .map_err(|e| WorksheetError {
                        line: Some(t.line),
                        message: format!(
                            "task {} with random {} = {}: {e}",
                            i + 1,
                            r.name,
                            numbers::number(end)
                        ),
                    })?;
                used |= s.has_param(&r.name);
            }
        }
        if !used {
            return Err(WorksheetError::general(format!(
                "random {}: no task's scenario has a parameter '{}'",
                r.name, r.name
            )));
        }
    }
    // Every student's key is checked below, one key for each draw: there may not be too many.
    let draws = random
        .iter()
        .map(|r| ((r.max - r.min) / r.step + 1e-9).floor() + 1.0)
        .product::<f64>();
    if draws > MAX_DRAWS as f64 {
        return Err(WorksheetError {
            line: raw.random.values().next().map(|r| line_of(text, r.span().start)),
            message: format!(
                "the random parameters can be drawn {draws:.0} ways, more than the {MAX_DRAWS} whose answers \
                 the lab checks when it loads a worksheet: take fewer values (a larger step or a narrower range)"
            ),
        });
    }
    // The work its keys take, task by task (a task with a random parameter once for each draw): a worksheet
    // that would hold a page for seconds is refused here, with the line of the task that tips it over,
    // before any page computes it.
    let mut total = 0.0;
    let mut varies = Vec::new();
    for (i, t) in tasks.iter().enumerate() {
        let s = setup(&t.setup, &[])
            .map(|t| t.setup)
            .map_err(|e| WorksheetError {
                line: Some(t.line),
                message: format!("task {}: {e}", i + 1),
            })?;
        let drawn = random.iter().any(|r| s.has_param(&r.name));
        varies.push(drawn);
        total += work(t, &s) * if drawn { draws } else { 1.0 };
        if total > WORK_BUDGET {
            return Err(WorksheetError {
                line: Some(t.line),
                message: format!(
                    "task {}: the worksheet's key would take about {total:.1e} steps with this task{}, more \
                     than the {WORK_BUDGET:.0e} a worksheet may (a page would be held up for seconds): shorten \
                     its run or take fewer levels",
                    i + 1,
                    if drawn && draws > 1.0 {
                        format!(" (once for each of the {draws:.0} draws of the random parameters)")
                    } else {
                        String::new()
                    }
                ),
            });
        }
    }
    let sheet = Worksheet {
        id,
        version,
        pass: raw.pass,
        title: raw.title,
        article,
        about: raw.about,
        random,
        tasks,
    };
    // Every draw's answers can be written: none diverged, no two options tie. (Without random parameters
    // the one key is computed, and checked the same way, when a student opens the worksheet.)
    if !sheet.random.is_empty() {
        for params in sheet.draws() {
            sheet
                .answers_for(&params, &varies)
                .map_err(|e| WorksheetError {
                    line: e.line,
                    message: format!(
                        "{} (drawn {})",
                        e.message,
                        params
                            .iter()
                            .map(|(n, v)| format!("{n} = {}", numbers::number(*v)))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                })?;
        }
    }
    Ok(sheet)
}

/// The most ways a worksheet's random parameters may be drawn: each is checked when it is loaded.
pub const MAX_DRAWS: usize = 1000;

/// The most steps a worksheet's key may take, all its tasks' runs together (a fraction of a second of a
/// page's work at ten million steps a second).
pub const WORK_BUDGET: f64 = 2e7;

/// About how many steps a task's answer takes to compute: a run for each quantity (its options' and its
/// mistakes' too), a convergence study's 2^levels runs for an order, two for a parting time.
fn work(task: &Task, setup: &System) -> f64 {
    let steps = setup.steps() as f64;
    let of = |q: &Quantity| match q.what {
        What::Order => steps * 2f64.powi(q.levels.min(30) as i32),
        // The run and its twin.
        What::PartingTime => 2.0 * steps,
        _ => steps,
    };
    match &task.kind {
        Kind::Number(c) | Kind::Find(c) => {
            of(&c.quantity)
                + c.mistakes
                    .iter()
                    .filter_map(|m| m.quantity.as_ref())
                    .map(of)
                    .sum::<f64>()
        }
        Kind::Choice(c) => c.options.len() as f64 * of(&c.quantity),
        Kind::Explain => 0.0,
    }
}

/// A relative tolerance as a fraction: `0.02`, or `"2 %"`. A bare number of 1 or more is refused: `2` meant
/// as 2 % would accept answers 200 % off.
fn relative(raw: RawTolerance) -> Result<f64, String> {
    let r = match raw {
        RawTolerance::Fraction(r) if r >= 1.0 => {
            return Err(format!(
                "tolerance = {}: a relative tolerance is a fraction ({} would accept answers {} % off); \
                 for {} % write tolerance = {} or tolerance = \"{} %\"",
                numbers::number(r),
                numbers::number(r),
                numbers::number(100.0 * r),
                numbers::number(r),
                numbers::number(r / 100.0),
                numbers::number(r)
            ))
        }
        RawTolerance::Fraction(r) => r,
        RawTolerance::Text(t) => {
            let number = t.trim().strip_suffix('%').ok_or_else(|| {
                format!("tolerance = \"{t}\": write a fraction (0.02) or a percentage (\"2 %\")")
            })?;
            numbers::parse("tolerance", number.trim()).map_err(|e| e.to_string())? / 100.0
        }
    };
    if r > 0.0 && r.is_finite() {
        Ok(r)
    } else {
        Err("the tolerance must be a positive number".into())
    }
}

fn task(raw: &RawTask, line: usize) -> Result<Task, String> {
    let TaskSetup {
        setup,
        methods,
        nudge,
        ..
    } = setup(&raw.setup, &[]).map_err(|e| format!("setup: {e}"))?;
    let base = RawQuantity {
        quantity: raw.quantity.clone(),
        method: raw.method.clone(),
        coordinate: raw.coordinate.clone(),
        at: raw.at,
        step: raw.step,
        levels: raw.levels,
        apart: raw.apart,
    };
    let own = || quantity(&base, &setup, &methods, nudge);
    // A mistake may be any method's answer, one the student worked out rather than read off the run.
    let mistaken: Vec<Stepper> = methods
        .iter()
        .copied()
        .chain(Stepper::all(&setup))
        .collect();
    let unit = raw.unit.clone().unwrap_or_default();
    let tolerance = match (raw.tolerance.clone(), raw.absolute) {
        (Some(_), Some(_)) => return Err("give tolerance (relative) or absolute, not both".into()),
        (Some(r), None) => Tolerance::Relative(relative(r)?),
        (None, Some(a)) if a > 0.0 && a.is_finite() => Tolerance::Absolute(a),
        (None, None) => Tolerance::Relative(0.01),
        (None, Some(_)) => return Err("absolute: the tolerance must be a positive number".into()),
    };
    let side = match raw.side.as_deref() {
        None | Some("both") => Side::Both,
        Some("below") => Side::Below,
        Some("above") => Side::Above,
        Some(other) => return Err(format!("side = '{other}': it is both, below or above")),
    };
    let mistakes = |for_choice: bool| -> Result<Vec<Mistake>, String> {
        raw.mistake
            .iter()
            .map(|m| {
                let m = m.get_ref();
                if for_choice {
                    let option = m
                        .option
                        .clone()
                        .ok_or("a choice's mistake names its option")?;
                    if !raw.options.iter().flatten().any(|o| *o == option) {
                        return Err(format!("mistake: '{option}' is not one of the options"));
                    }
                    return Ok(Mistake {
                        quantity: None,
                        option: Some(option),
                        says: m.says.clone(),
                    });
                }
                let over = RawQuantity {
                    quantity: m.quantity.clone().or(base.quantity.clone()),
                    method: m.method.clone().or(base.method.clone()),
                    coordinate: m.coordinate.clone().or(base.coordinate.clone()),
                    at: m.at.or(base.at),
                    step: m.step.or(base.step),
                    levels: m.levels.or(base.levels),
                    apart: m.apart.or(base.apart),
                };
                Ok(Mistake {
                    quantity: Some(
                        quantity(&over, &setup, &mistaken, nudge)
                            .map_err(|e| format!("mistake: {e}"))?,
                    ),
                    option: None,
                    says: m.says.clone(),
                })
            })
            .collect()
    };
    let no = |field: &str, present: bool| -> Result<(), String> {
        if present {
            Err(format!("a {} task takes no {field}", raw.kind))
        } else {
            Ok(())
        }
    };
    let kind = match raw.kind.as_str() {
        "number" | "find" => {
            no("options", raw.options.is_some())?;
            no("choose", raw.choose.is_some())?;
            let check = Check {
                quantity: own()?,
                unit,
                tolerance,
                side,
                mistakes: mistakes(false)?,
            };
            if raw.kind == "number" {
                Kind::Number(check)
            } else {
                Kind::Find(check)
            }
        }
        "choice" => {
            no("side", raw.side.is_some())?;
            let options = raw.options.clone().ok_or("a choice task needs options")?;
            if options.len() < 2 {
                return Err("a choice task needs at least two options".into());
            }
            let choose = match raw.choose.as_deref() {
                Some("smallest") => Choose::Smallest,
                Some("largest") => Choose::Largest,
                Some("nearest") => Choose::Nearest,
                Some(other) => {
                    return Err(format!(
                        "choose = '{other}': it is smallest, largest or nearest"
                    ))
                }
                None => {
                    return Err("a choice task needs choose (smallest, largest or nearest)".into())
                }
            };
            for o in &options {
                let fits = match choose {
                    Choose::Nearest => numbers::parse("option", o).is_ok(),
                    _ => Stepper::of(o, &setup).is_ok_and(|m| methods.contains(&m)),
                };
                if !fits {
                    return Err(match choose {
                        Choose::Nearest => {
                            format!("option '{o}' is not a number (choose = nearest)")
                        }
                        _ => format!(
                            "option '{o}' is not a method id (choose = {})",
                            raw.choose.as_deref().unwrap_or("")
                        ),
                    });
                }
            }
            let labels = raw.labels.clone().unwrap_or_else(|| options.clone());
            if labels.len() != options.len() {
                return Err("labels: give one for each option".into());
            }
            if choose != Choose::Nearest && raw.method.is_some() {
                return Err("the options are the methods: the task names no method".into());
            }
            Kind::Choice(Choice {
                quantity: own()?,
                options,
                labels,
                choose,
                mistakes: mistakes(true)?,
            })
        }
        "explain" => {
            no("quantity", raw.quantity.is_some())?;
            no("options", raw.options.is_some())?;
            Kind::Explain
        }
        other => {
            return Err(format!(
                "kind = '{other}': it is number, choice, find or explain"
            ))
        }
    };
    if raw.question.trim().is_empty() {
        return Err("the question is empty".into());
    }
    Ok(Task {
        line,
        setup: raw.setup.clone(),
        question: raw.question.clone(),
        kind,
        predict: raw.predict,
        hints: raw.hints.clone(),
        explanation: raw.explanation.clone(),
    })
}

/// A quantity from its fields, checked against the setup. `first` is the setup's first method, the
/// default.
fn quantity(
    raw: &RawQuantity,
    setup: &System,
    in_setup: &[Stepper],
    nudge: Option<f64>,
) -> Result<Quantity, String> {
    let first = in_setup[0];
    let what = What::from_name(raw.quantity.as_deref().ok_or("it needs a quantity")?)?;
    let method = match raw.method.as_deref() {
        None => Some(first),
        Some("exact") => None,
        Some(id) => Some(Stepper::of(id, setup).map_err(|e| e.to_string())?),
    };
    if let Some(m) = method {
        if !in_setup.contains(&m) {
            return Err(format!(
                "method '{}' is not among the setup's methods ({}): the student could not read it off the run",
                m.id(),
                in_setup.iter().map(|m| m.id()).collect::<Vec<_>>().join(", ")
            ));
        }
    }
    let positions = match setup {
        System::Point(setup) => setup.coordinates().positions,
        System::Spinning(_) => Vec::new(),
    };
    let coordinate = match raw.coordinate.as_deref() {
        None => 0,
        Some(name) => positions.iter().position(|p| p == name).ok_or_else(|| {
            format!(
                "coordinate '{name}' is not one of {}'s ({})",
                setup.id(),
                positions.join(", ")
            )
        })?,
    };
    let at = match (raw.at, raw.step) {
        (Some(_), Some(_)) => return Err("give at (a time) or step, not both".into()),
        (Some(t), None) => At::Time(t),
        (None, Some(n)) => At::Step(n),
        (None, None) => At::End,
    };
    let q = Quantity {
        what,
        method,
        coordinate,
        at,
        levels: raw.levels.unwrap_or(5),
        nudge,
        apart: raw.apart,
    };
    q.check(setup)?;
    Ok(q)
}
