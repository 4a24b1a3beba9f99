//! "Your method": a student's update rule, in a small safe language run by the core (see docs/your-method.md). The language is [Rhai](https://rhai.rs), with only what a rule needs: numbers, `let`,
//! `if`/`while`/`for`, the arithmetic and maths functions, and a vector type for the state.
//!
//! A rule sees the state `x` and `v` (vectors, one component per coordinate, indexable: `x[0]`), `t`, `dt`
//! and `a(x, v, t)`, the scenario's acceleration. It assigns `x` and `v`. Symplectic Euler is
//!
//! ```text
//! v = v + a(x, v, t) * dt;
//! x = x + v * dt;
//! ```
//!
//! A `start { … }` block runs once, before the first step; the variables it declares with `let` are kept
//! from step to step (position Verlet keeps its previous position so). Variables a step declares are its
//! own. A rule runs in f64, may take at most [`MAX_OPERATIONS`] operations a step (an endless loop is
//! stopped with a message), and reaches nothing but its inputs: the language has no input or output, no
//! modules, no clock. `^` is refused where it is written: it is not a power (`**` is).

pub mod force;
pub mod grade;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use rhai::packages::{
    ArithmeticPackage, BasicIteratorPackage, BasicMathPackage, LogicPackage, Package,
};
use rhai::{Engine, EvalAltResult, Position, Scope, AST, FLOAT, INT};

use crate::methods::Integrator;
use crate::{Real, State, System};

/// The most operations a rule may take in one step.
pub const MAX_OPERATIONS: u64 = 100_000;

/// The most values an array in a rule or a force may hold, nested arrays counted whole.
pub const MAX_ARRAY: usize = 10_000;

/// Every method of the lab that a rule can express, as a rule (the page offers some as starting points;
/// the report card's tests check each equals its method). Implicit Euler and the kinematic integrators need
/// more than `a(x, v, t)`: a rule cannot write them.
pub const TEMPLATES: [(crate::MethodId, &str); 8] = [
    (
        crate::MethodId::Euler,
        "// Explicit Euler: x moves with the old velocity, v with the old acceleration.\nlet a0 = a(x, v, t);\nx = x + v * dt;\nv = v + a0 * dt;\n",
    ),
    (
        crate::MethodId::SymplecticEuler,
        "// Symplectic Euler: v first, then x with the new v.\nv = v + a(x, v, t) * dt;\nx = x + v * dt;\n",
    ),
    (
        crate::MethodId::Verlet,
        "// Position Verlet: x(n+1) = 2x(n) − x(n−1) + a·dt², started with one constant-acceleration step.\nstart {\n  let first = true;\n  let xp = x;\n  let acc = a(x, v, t);\n}\nlet next = if first { x + v * dt + 0.5 * acc * dt * dt } else { 2 * x - xp + acc * dt * dt };\nfirst = false;\nlet estimate = (next - x) / dt + 0.5 * acc * dt;\nxp = x;\nx = next;\nacc = a(x, estimate, t + dt);\nv = (x - xp) / dt + 0.5 * acc * dt;\n",
    ),
    (
        crate::MethodId::VelocityVerlet,
        "// Velocity Verlet: move with the old acceleration, kick with the average of old and new.\nlet a0 = a(x, v, t);\nx = x + v * dt + a0 * (0.5 * dt * dt);\nv = v + a0 * dt;\nlet a1 = a(x, v, t + dt);\nv = v + (a1 - a0) * (0.5 * dt);\n",
    ),
    (
        crate::MethodId::Leapfrog,
        "// Leapfrog: v lives half a step off x; the first kick is half a step.\nstart {\n  let first = true;\n}\nlet kick = if first { 0.5 * dt } else { dt };\nfirst = false;\nv = v + a(x, v, t) * kick;\nx = x + v * dt;\n",
    ),
    (
        crate::MethodId::Midpoint,
        "// Midpoint (RK2): step with the slopes at the middle of the step.\nlet a0 = a(x, v, t);\nlet xm = x + v * (0.5 * dt);\nlet vm = v + a0 * (0.5 * dt);\nlet am = a(xm, vm, t + 0.5 * dt);\nx = x + vm * dt;\nv = v + am * dt;\n",
    ),
    (
        crate::MethodId::Rk4,
        "// Classic Runge–Kutta 4.\nlet h = 0.5 * dt;\nlet k1x = v;\nlet k1v = a(x, v, t);\nlet k2x = v + k1v * h;\nlet k2v = a(x + k1x * h, v + k1v * h, t + h);\nlet k3x = v + k2v * h;\nlet k3v = a(x + k2x * h, v + k2v * h, t + h);\nlet k4x = v + k3v * dt;\nlet k4v = a(x + k3x * dt, v + k3v * dt, t + dt);\nx = x + (k1x + 2 * k2x + 2 * k3x + k4x) * (dt / 6);\nv = v + (k1v + 2 * k2v + 2 * k3v + k4v) * (dt / 6);\n",
    ),
    (
        crate::MethodId::ForestRuth,
        "// Forest–Ruth: three time-symmetric substeps, over w1·dt, w0·dt (backwards) and w1·dt. Each kicks half a\n// substep to the velocity the force is read at (solved by repeating the kick: where the force does not read\n// the velocity, the second pass changes nothing), drifts with it, and kicks half a substep again.\nlet w1 = 1.0 / (2.0 - 2.0 ** (1.0 / 3.0));\nlet w0 = 1.0 - 2.0 * w1;\nlet s = t;\nlet i = 0;\nwhile i < 3 {\n  let h = if i == 1 { w0 * dt } else { w1 * dt };\n  let vh = v;\n  let n = 0;\n  while n < 60 {\n    let next = v + a(x, vh, s) * (0.5 * h);\n    let moved = norm(next - vh);\n    vh = next;\n    n = n + 1;\n    if moved <= 1e-15 * (1.0 + norm(vh)) { break; }\n  }\n  x = x + vh * h;\n  v = vh + a(x, vh, s + h) * (0.5 * h);\n  s = s + h;\n  i = i + 1;\n}\n",
    ),
];

/// How the lab lists a rule beside its own methods: under the id `yours`, with a look (a colour and a
/// marker) that none of its methods has. What a rule is (its order, its stability, its energy) is not
/// stated but measured: its report card ([`grade::report`]).
pub struct About {
    pub id: &'static str,
    pub name: &'static str,
    pub evaluations: &'static str,
    pub rule: &'static str,
    pub source: &'static str,
    pub stability: &'static str,
    pub energy: &'static str,
    pub style: u8,
}

pub const ABOUT: About = About {
    id: "yours",
    name: "Your method",
    evaluations: "as many as the rule calls a(x, v, t)",
    rule: "the rule written in the editor",
    source: "written by you",
    stability: "measured by its report card",
    energy: "measured by its report card over 100 periods",
    style: 11,
};

/// A rule's text compiled: its steps, and its start block if it has one.
pub struct Rule {
    text: String,
    main: AST,
    start: Option<AST>,
}

impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rule").field("text", &self.text).finish()
    }
}

/// What is wrong with a rule, and where: line and column are 1-based, where known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl std::fmt::Display for RuleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "line {l}, column {c}: {}", self.message),
            (Some(l), None) => write!(f, "line {l}: {}", self.message),
            _ => f.write_str(&self.message),
        }
    }
}

impl RuleError {
    fn at(position: Position, message: String) -> Self {
        RuleError {
            line: position.line(),
            column: position.position(),
            message,
        }
    }
}

/// A state vector as a rule sees it.
#[derive(Clone, Debug, PartialEq)]
pub struct Vector(pub Vec<f64>);

type Fallible<T> = Result<T, Box<EvalAltResult>>;

fn same_length(a: &Vector, b: &Vector) -> Fallible<()> {
    if a.0.len() == b.0.len() {
        Ok(())
    } else {
        Err(format!(
            "a vector of {} numbers and one of {} cannot be combined",
            a.0.len(),
            b.0.len()
        )
        .into())
    }
}

fn zip(a: Vector, b: Vector, f: impl Fn(f64, f64) -> f64) -> Fallible<Vector> {
    same_length(&a, &b)?;
    Ok(Vector(
        a.0.iter().zip(&b.0).map(|(p, q)| f(*p, *q)).collect(),
    ))
}

fn each(a: Vector, f: impl Fn(f64) -> f64) -> Vector {
    Vector(a.0.into_iter().map(f).collect())
}

/// What a `^` in a rule or a force is told.
const CARET: &str = "^ is not a power here (it is an exclusive or): write x * x, or x ** 2";

/// Where the text writes `^`, outside comments: Rhai's `^` is an exclusive or, never a power.
fn caret(text: &str) -> Option<(usize, usize)> {
    for (l, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        if let Some(c) = code.find('^') {
            return Some((l + 1, code[..c].chars().count() + 1));
        }
    }
    None
}

/// The text split into the start block and the steps, each the whole text with the other part blanked (so
/// that an error's line and column are the text's own).
fn split(text: &str) -> Result<(String, Option<String>), RuleError> {
    let blank = |s: &str| -> String {
        s.chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect()
    };
    // A `start` at the beginning of a line, outside comments, followed by a block.
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix("start") {
            if rest.trim_start().starts_with('{') {
                let begin = offset + (line.len() - trimmed.len());
                let open = begin + "start".len() + (rest.len() - rest.trim_start().len());
                let mut depth = 0;
                for (i, c) in text[open..].char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                let close = open + i + 1;
                                let main = format!(
                                    "{}{}{}",
                                    &text[..begin],
                                    blank(&text[begin..close]),
                                    &text[close..]
                                );
                                let start = format!(
                                    "{}{}{}{}",
                                    blank(&text[..open]),
                                    " ",
                                    &text[open + 1..close - 1],
                                    blank(&text[close - 1..])
                                );
                                return Ok((main, Some(start)));
                            }
                        }
                        _ => {}
                    }
                }
                let l = text[..begin].matches('\n').count() + 1;
                return Err(RuleError {
                    line: Some(l),
                    column: Some(line.len() - trimmed.len() + 1),
                    message: "the start block is not closed: a } is missing".to_string(),
                });
            }
        }
        offset += line.len();
    }
    Ok((text.to_string(), None))
}

/// An engine with the language rules and forces share: numbers, logic and the maths functions, and the
/// limits (operations a step, depth, string size) that keep a runaway text from running away.
fn language() -> Engine {
    let mut engine = Engine::new_raw();
    engine.register_global_module(ArithmeticPackage::new().as_shared_module());
    engine.register_global_module(LogicPackage::new().as_shared_module());
    engine.register_global_module(BasicMathPackage::new().as_shared_module());
    // `for i in 0..n`: the ranges and their iterators (the docs list `for`; without them it was refused).
    engine.register_global_module(BasicIteratorPackage::new().as_shared_module());
    engine.set_max_operations(MAX_OPERATIONS);
    engine.set_max_expr_depths(64);
    engine.set_max_string_size(1_000);
    // An array (nested arrays counted whole) holds at most MAX_ARRAY values: `a = [a, a]` in a loop doubles
    // its size each time and, unbounded, took a page to gigabytes before the operation limit was reached.
    engine.set_max_array_size(MAX_ARRAY);
    // Every number is an f64 (the docs say so): 1/2 is a half, not Rhai's integer division to 0, which made
    // `0.5` written `1/2` silently wrong. Integer literals stay integers where they index a vector. Rhai's
    // fast operators ignore operators registered for its own types: off.
    engine.set_fast_operators(false);
    engine.register_fn("/", |a: INT, b: INT| a as FLOAT / b as FLOAT);
    engine.register_fn("**", |a: INT, b: FLOAT| (a as FLOAT).powf(b));
    engine.register_fn("**", |a: FLOAT, b: INT| a.powf(b as FLOAT));
    engine
}

/// An engine with the language a rule speaks, and `a` bound to `accelerate`.
fn engine(
    accelerate: impl Fn(&[f64], &[f64], f64) -> Fallible<Vec<f64>> + Send + Sync + 'static,
) -> Engine {
    let mut engine = language();
    engine.register_type_with_name::<Vector>("vector");
    /// The slot of `v` at index `i`, or why there is none.
    fn slot(v: &mut Vector, i: INT) -> Fallible<&mut f64> {
        let n = v.0.len();
        usize::try_from(i)
            .ok()
            .and_then(|i| v.0.get_mut(i))
            .ok_or_else(|| {
                format!("index {i} is outside this vector of {n} numbers (they run from 0)").into()
            })
    }
    engine.register_indexer_get(|v: &mut Vector, i: INT| -> Fallible<FLOAT> {
        slot(v, i).map(|s| *s)
    });
    engine.register_indexer_set(|v: &mut Vector, i: INT, value: FLOAT| -> Fallible<()> {
        *slot(v, i)? = value;
        Ok(())
    });
    engine.register_indexer_set(|v: &mut Vector, i: INT, value: INT| -> Fallible<()> {
        *slot(v, i)? = value as f64;
        Ok(())
    });
    engine.register_fn("len", |v: &mut Vector| v.0.len() as INT);
    engine.register_fn("vector", |n: INT| {
        Vector(vec![0.0; n.clamp(0, 1000) as usize])
    });
    engine.register_fn("+", |a: Vector, b: Vector| zip(a, b, |p, q| p + q));
    engine.register_fn("-", |a: Vector, b: Vector| zip(a, b, |p, q| p - q));
    engine.register_fn("-", |a: Vector| each(a, |p| -p));
    engine.register_fn("+", |a: Vector| a);
    engine.register_fn("*", |a: Vector, s: FLOAT| each(a, |p| p * s));
    engine.register_fn("*", |s: FLOAT, a: Vector| each(a, |p| s * p));
    engine.register_fn("*", |a: Vector, s: INT| each(a, |p| p * s as f64));
    engine.register_fn("*", |s: INT, a: Vector| each(a, |p| s as f64 * p));
    engine.register_fn("/", |a: Vector, s: FLOAT| each(a, |p| p / s));
    engine.register_fn("/", |a: Vector, s: INT| each(a, |p| p / s as f64));
    engine.register_fn("*", |a: Vector, b: Vector| -> Fallible<Vector> {
        Err(format!(
            "vector * vector is not defined here (of {} and {} numbers): multiply a vector by a number, or use dot(a, b)",
            a.0.len(),
            b.0.len()
        )
        .into())
    });
    engine.register_fn("dot", |a: Vector, b: Vector| -> Fallible<FLOAT> {
        same_length(&a, &b)?;
        Ok(a.0.iter().zip(&b.0).map(|(p, q)| p * q).sum())
    });
    engine.register_fn("norm", |a: Vector| {
        a.0.iter().map(|p| p * p).sum::<f64>().sqrt()
    });
    engine.register_fn("to_string", |a: &mut Vector| format!("{:?}", a.0));
    let accelerate = Arc::new(accelerate);
    let with_time = accelerate.clone();
    engine.register_fn(
        "a",
        move |x: Vector, v: Vector, t: FLOAT| -> Fallible<Vector> {
            Ok(Vector(accelerate(&x.0, &v.0, t)?))
        },
    );
    engine.register_fn(
        "a",
        move |x: Vector, v: Vector, t: INT| -> Fallible<Vector> {
            Ok(Vector(with_time(&x.0, &v.0, t as f64)?))
        },
    );
    engine
}

/// The message of an error a rule's run raised, with where it was raised.
fn runtime(e: &EvalAltResult) -> RuleError {
    let message = match e {
        EvalAltResult::ErrorTooManyOperations(_) => format!(
            "the rule took more than {MAX_OPERATIONS} operations in one step and was stopped: an endless loop?"
        ),
        EvalAltResult::ErrorRuntime(value, _) => value.to_string(),
        EvalAltResult::ErrorDataTooLarge(..) => format!(
            "an array grew past {MAX_ARRAY} values (or a text past 1,000 characters), the language's limit, and \
             the rule was stopped: a loop that builds one without end?"
        ),
        EvalAltResult::ErrorFunctionNotFound(signature, _) => function_not_found(signature),
        other => {
            let text = other.to_string();
            match text.find(" (line ") {
                Some(i) => text[..i].to_string(),
                None => text,
            }
        }
    };
    RuleError::at(e.position(), message)
}

/// What a call the language has no function for means, in a student's words: the usual slips are mixing a
/// vector with a number, comparing vectors, calling `a` with too few values, and a misspelt function.
fn function_not_found(signature: &str) -> String {
    let (name, args) = signature
        .split_once(" (")
        .map_or((signature.trim(), ""), |(n, a)| {
            (n.trim(), a.trim_end_matches(')'))
        });
    let kinds: Vec<&str> = args.split(", ").filter(|s| !s.is_empty()).collect();
    let vector = |k: &&str| *k == "vector";
    let number = |k: &&str| *k == "f64" || *k == "i64";
    let noun = |k: &&str| {
        if vector(k) {
            "a vector"
        } else if number(k) {
            "a number"
        } else {
            "a value"
        }
    };
    let mixed = kinds.len() == 2 && kinds.iter().any(vector) && kinds.iter().any(number);
    match name {
        "+" | "-" if mixed => format!(
            "a vector and a number cannot be {}: work on a component (x[0] {name} 1), or {} a vector (x {name} v * dt)",
            if name == "+" { "added" } else { "subtracted" },
            if name == "+" { "add" } else { "subtract" },
        ),
        "==" | "!=" | "<" | ">" | "<=" | ">=" if kinds.iter().any(vector) => format!(
            "vectors cannot be compared with {name}: compare components (x[0] {name} 0){}",
            if name == "==" { "; to assign, write a single =" } else { "" }
        ),
        "/" if mixed => "a number cannot be divided by a vector: divide a vector by a number (v / 2)".to_string(),
        "a" => format!(
            "a takes the position, the velocity and the time: write a(x, v, t) (it was given {})",
            kinds.iter().map(noun).collect::<Vec<_>>().join(", ")
        ),
        _ if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') => format!(
            "there is no function {name}({}) here: a rule has a(x, v, t), dot(p, q), norm(p), len(p), vector(n) and the \
             maths functions (sqrt, sin, cos, tan, exp, ln, abs, …)",
            kinds.iter().map(noun).collect::<Vec<_>>().join(", ")
        ),
        _ => format!(
            "{name} does not take {} here",
            kinds.iter().map(noun).collect::<Vec<_>>().join(" and ")
        ),
    }
}

/// A parse error's place, moved where a student would look: a `;` the language misses at the start of a
/// line is missing at the end of the line before.
fn parse_error(text: &str, e: &rhai::ParseError) -> RuleError {
    let error = RuleError::at(e.position(), e.err_type().to_string());
    let missing_semicolon =
        matches!(e.err_type(), rhai::ParseErrorType::MissingToken(t, _) if t == ";");
    if let (true, Some(line), Some(column)) = (missing_semicolon, error.line, error.column) {
        let lines: Vec<&str> = text.lines().collect();
        let starts_line = lines
            .get(line - 1)
            .is_some_and(|l| l.chars().take(column - 1).all(char::is_whitespace));
        let before = (1..line).rev().find(|&l| {
            let code = lines[l - 1].split("//").next().unwrap_or("");
            !code.trim().is_empty()
        });
        if let (true, Some(before)) = (starts_line, before) {
            let code = lines[before - 1]
                .split("//")
                .next()
                .unwrap_or("")
                .trim_end();
            return RuleError {
                line: Some(before),
                column: Some(code.chars().count() + 1),
                message: "a ; is missing at the end of this line".to_string(),
            };
        }
    }
    error
}

/// The shared state of a rule's `a`: the system, and the evaluations counted.
struct Forces {
    system: System<f64>,
    evaluations: AtomicU64,
}

impl Forces {
    fn accelerate(&self, x: &[f64], v: &[f64], t: f64) -> Fallible<Vec<f64>> {
        let dim = self.system.dim;
        if x.len() != dim || v.len() != dim {
            return Err(format!(
                "a(x, v, t) takes x and v of {dim} numbers each here (got {} and {})",
                x.len(),
                v.len()
            )
            .into());
        }
        let mut out = vec![0.0; dim];
        self.system.acceleration(t, x, v, &mut out);
        self.evaluations.fetch_add(1, Ordering::Relaxed);
        Ok(out)
    }
}

impl Rule {
    /// Compiles a rule and tries it on a unit spring (two steps, in one and in two dimensions), so that a
    /// mistake that only shows when the rule runs is reported now, with its line and column.
    pub fn compile(text: &str) -> Result<Rule, RuleError> {
        if let Some((line, column)) = caret(text) {
            return Err(RuleError {
                line: Some(line),
                column: Some(column),
                message: CARET.to_string(),
            });
        }
        let (main_text, start_text) = split(text)?;
        let checker = engine(|x, _, _| Ok(x.iter().map(|q| -q).collect()));
        let parse = |t: &str| checker.compile(t).map_err(|e| parse_error(t, &e));
        let rule = Rule {
            text: text.to_string(),
            main: parse(&main_text)?,
            start: start_text.as_deref().map(parse).transpose()?,
        };
        if !text.contains('x') && !text.contains('v') {
            return Err(RuleError {
                line: None,
                column: None,
                message: "the rule never assigns x or v: it must move the state".to_string(),
            });
        }
        for dim in [1usize, 2] {
            let spring = crate::Force::Linear {
                first: 0,
                anchor: vec![0.0; dim],
                omega2: 1.0,
                gamma: 0.0,
            };
            let system = crate::System::new(dim, vec![spring]);
            let mut run = RuleIntegrator::new(&Arc::new(rule.clone_ast()), &system);
            let mut state = State::new(vec![1.0; dim], vec![0.5; dim]);
            Integrator::<f64>::start(&mut run, &system, 0.0, &state);
            for _ in 0..2 {
                Integrator::<f64>::step(&mut run, &system, 0.0, 0.1, &mut state);
                if let Some(why) = &run.failure {
                    return Err(why.clone());
                }
                if !state.is_finite() {
                    return Err(RuleError {
                        line: None,
                        column: None,
                        message: "a step on a unit spring (x = 1, v = 0.5, dt = 0.1) left the state not finite: \
                                  a division by zero?"
                            .to_string(),
                    });
                }
            }
        }
        Ok(rule)
    }

    fn clone_ast(&self) -> Rule {
        Rule {
            text: self.text.clone(),
            main: self.main.clone(),
            start: self.start.clone(),
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }
}

/// A rule stepping a run.
pub struct RuleIntegrator {
    rule: Arc<Rule>,
    engine: Engine,
    forces: Arc<Forces>,
    scope: Scope<'static>,
    /// Variables the start block declared: kept from step to step.
    keep: usize,
    started: bool,
    failure: Option<RuleError>,
}

impl RuleIntegrator {
    pub fn new(rule: &Arc<Rule>, system: &System<f64>) -> Self {
        let forces = Arc::new(Forces {
            system: system.clone(),
            evaluations: AtomicU64::new(0),
        });
        let shared = forces.clone();
        RuleIntegrator {
            rule: rule.clone(),
            engine: engine(move |x, v, t| shared.accelerate(x, v, t)),
            forces,
            scope: Scope::new(),
            keep: 0,
            started: false,
            failure: None,
        }
    }

    /// One step of the rule on an f64 state, or why it failed.
    fn apply(&mut self, t: f64, dt: f64, x: &mut [f64], v: &mut [f64]) -> Result<(), RuleError> {
        let dim = x.len();
        self.scope.set_value("x", Vector(x.to_vec()));
        self.scope.set_value("v", Vector(v.to_vec()));
        self.scope.set_value("t", t);
        self.scope.set_value("dt", dt);
        if !self.started {
            self.started = true;
            if let Some(start) = &self.rule.start {
                self.engine
                    .run_ast_with_scope(&mut self.scope, start)
                    .map_err(|e| runtime(&e))?;
            }
            self.keep = self.scope.len();
        }
        let result = self
            .engine
            .run_ast_with_scope(&mut self.scope, &self.rule.main);
        let read = |scope: &Scope, name: &str| -> Result<Vec<f64>, RuleError> {
            match scope.get_value::<Vector>(name) {
                Some(Vector(q)) if q.len() == dim => Ok(q),
                Some(Vector(q)) => Err(RuleError {
                    line: None,
                    column: None,
                    message: format!(
                        "{name} must stay a vector of {dim} numbers (it became one of {})",
                        q.len()
                    ),
                }),
                None => Err(RuleError {
                    line: None,
                    column: None,
                    message: format!("{name} must stay a vector (it became something else)"),
                }),
            }
        };
        result.map_err(|e| runtime(&e))?;
        let (nx, nv) = (read(&self.scope, "x")?, read(&self.scope, "v")?);
        x.copy_from_slice(&nx);
        v.copy_from_slice(&nv);
        self.scope.rewind(self.keep);
        Ok(())
    }
}

impl<R: Real> Integrator<R> for RuleIntegrator {
    fn start(&mut self, _: &System<R>, _: R, _: &State<R>) {
        self.scope = Scope::new();
        self.scope.push("x", Vector(Vec::new()));
        self.scope.push("v", Vector(Vec::new()));
        self.scope.push("t", 0.0 as FLOAT);
        self.scope.push("dt", 0.0 as FLOAT);
        self.keep = self.scope.len();
        self.started = false;
        self.failure = None;
        self.forces.evaluations.store(0, Ordering::Relaxed);
    }

    fn step(&mut self, _: &System<R>, t: R, dt: R, state: &mut State<R>) {
        if self.failure.is_none() {
            let mut x: Vec<f64> = state.x.iter().map(|q| q.to_f64()).collect();
            let mut v: Vec<f64> = state.v.iter().map(|q| q.to_f64()).collect();
            match self.apply(t.to_f64(), dt.to_f64(), &mut x, &mut v) {
                Ok(()) => {
                    for (s, q) in state.x.iter_mut().zip(&x) {
                        *s = R::from_f64(*q);
                    }
                    for (s, q) in state.v.iter_mut().zip(&v) {
                        *s = R::from_f64(*q);
                    }
                    return;
                }
                Err(e) => self.failure = Some(e),
            }
        }
        // A failed rule leaves a state that is not finite: the run ends there, and `failure` says why.
        if let Some(first) = state.x.first_mut() {
            *first = R::from_f64(f64::NAN);
        }
    }

    fn evaluations(&self) -> u64 {
        self.forces.evaluations.load(Ordering::Relaxed)
    }

    fn failure(&self) -> Option<String> {
        self.failure
            .as_ref()
            .map(|e| format!("your rule stopped: {e}"))
    }
}
