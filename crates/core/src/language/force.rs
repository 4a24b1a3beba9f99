//! "A force of your own": the `custom` scenario, whose acceleration a student writes (see docs/your-method.md). The text declares the parameters with defaults and ranges, the start, the acceleration and,
//! optionally, a potential energy:
//!
//! ```text
//! // A spring that stiffens as it stretches.
//! param k = 4 in (0, 100] N/m
//! param eps = 1 in [0, 10] N/m³
//! start x = 1, v = 0
//! a = -k * x - eps * x ** 3
//! potential = 0.5 * k * x ** 2 + 0.25 * eps * x ** 4
//! ```
//!
//! One coordinate is `x` with velocity `v`; two are `x`, `y` with `vx`, `vy` (`start x = 1, y = 0, vx = 0,
//! vy = 1` and `a = ax, ay`). The mass is 1 kg, so the acceleration is the force. Expressions are the rule
//! language's (numbers, the maths functions, `**` for a power), of the coordinates, `t` and the parameters.
//! Without a potential, the energy is the kinetic energy alone, and the scenario says so. Its truth is a
//! reference run (RK4 at a small step): no closed form is known.
//!
//! A force is a scenario of its own, which the core's scenarios refer to for the life of the program: each
//! distinct text compiled is kept (once; the same text again is the same force).

use std::sync::{Arc, Mutex};

use rhai::{Dynamic, Engine, Scope, AST, INT};

use super::RuleError;
use crate::scenarios::{Energy, Param, Params, Scenario, ScenarioInfo, Scene, Truth};
use crate::system::{Accelerate, Custom};
use crate::{permalink, Error, Force, State, System};

/// The scenario id a force runs under.
pub const ID: &str = "custom";

/// Names the expressions already give meaning to; a parameter may take none of them, nor any URL key the lab
/// reserves ([`permalink::is_reserved`]: a parameter is a URL key of its own).
pub const EXPRESSION_NAMES: [&str; 10] = [
    "t",
    "x",
    "y",
    "v",
    "vx",
    "vy",
    "a",
    "start",
    "param",
    "potential",
];

/// Whether a parameter may not take a name.
fn taken(name: &str) -> bool {
    permalink::is_reserved(name) || permalink::is_tracking(name) || EXPRESSION_NAMES.contains(&name)
}

/// Forces to start from: one with a potential in 1-D, one in 2-D, and one without (driven and damped, whose
/// energy is not conserved).
pub const TEMPLATES: [(&str, &str); 3] = [
    (
        "A spring that stiffens (Duffing)",
        "// A spring that stiffens as it stretches: a = -k x - eps x³.\nparam k = 4 in (0, 100] N/m\nparam eps = 1 in [0, 10] N/m³\nstart x = 1, v = 0\na = -k * x - eps * x ** 3\npotential = 0.5 * k * x ** 2 + 0.25 * eps * x ** 4\n",
    ),
    (
        "A planet round a sun (2-D)",
        "// Inverse-square gravity towards the origin, on a mass of 1 kg.\nparam GM = 1 in (0, 100] m³/s²\nparam v0 = 1 in [0, 2] m/s\nstart x = 1, y = 0, vx = 0, vy = v0\na = -GM * x / (x * x + y * y) ** 1.5, -GM * y / (x * x + y * y) ** 1.5\npotential = -GM / (x * x + y * y) ** 0.5\n",
    ),
    (
        "A driven, damped spring (no potential)",
        "// Pushed back, slowed down and driven: its energy is not conserved, so none is given.\nparam k = 4 in (0, 100] N/m\nparam c = 0.2 in [0, 10] N·s/m\nparam F = 1 in [0, 10] N\nparam w = 1.5 in (0, 10] rad/s\nstart x = 0, v = 0\na = -k * x - c * v + F * cos(w * t)\n",
    ),
];

/// A force written as text, compiled.
pub struct CustomForce {
    text: String,
    info: &'static ScenarioInfo,
    expressions: Arc<Expressions>,
}

/// A force's expressions, shared by every run of it, each with where it stands in the text.
struct Expressions {
    /// The coordinates' names in the expressions: `x` (and `y`), then `v` (or `vx`, `vy`).
    names: Vec<&'static str>,
    start: Vec<(AST, Place)>,
    acceleration: (AST, Place),
    potential: Option<(AST, Place)>,
    engine: Engine,
    /// Whether the acceleration names a velocity.
    reads_velocity: bool,
}

/// Where an expression stands in the text: its line, its first column, and the columns its compiled form
/// adds before it (the `[` that makes the acceleration's components one list).
#[derive(Clone, Copy)]
struct Place {
    line: usize,
    column: usize,
    shift: usize,
}

impl Place {
    /// An error raised in the expression, moved to where it stands in the text.
    fn locate(self, e: RuleError) -> RuleError {
        let column = e
            .column
            .filter(|_| e.line == Some(1))
            .map_or(self.column, |c| {
                self.column + c.saturating_sub(1 + self.shift)
            });
        RuleError {
            line: Some(self.line),
            column: Some(column),
            message: e.message,
        }
    }
}

/// The forces compiled so far, by text: each is a scenario for the life of the program.
static COMPILED: Mutex<Vec<&'static CustomForce>> = Mutex::new(Vec::new());

/// The most distinct forces a program keeps; past it, compiling a new one is refused (a page would have to
/// be open for days of typing to reach it).
pub const MAX_FORCES: usize = 1000;

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// The rules' language, whose lists are the acceleration's components.
fn engine() -> Engine {
    let mut engine = super::language();
    engine.set_max_array_size(16);
    engine
}

fn at(line: usize, column: usize, message: impl Into<String>) -> RuleError {
    RuleError {
        line: Some(line),
        column: Some(column),
        message: message.into(),
    }
}

/// A number from what an expression gave (an integer counts).
fn number(value: &Dynamic) -> Option<f64> {
    value
        .as_float()
        .ok()
        .or_else(|| value.as_int().ok().map(|i: INT| i as f64))
}

/// A parameter's range as written: `[lo, hi]`, `(lo, hi]` (the low end open), `[lo, hi)` is not offered.
fn range(text: &str) -> Option<(f64, f64, bool)> {
    let text = text.trim();
    let open = text.starts_with('(');
    if !(open || text.starts_with('[')) || !text.ends_with(']') {
        return None;
    }
    let (lo, hi) = text[1..text.len() - 1].split_once(',')?;
    let (lo, hi) = (
        crate::format::parse("min", lo).ok()?,
        crate::format::parse("max", hi).ok()?,
    );
    (lo.is_finite() && hi.is_finite() && lo < hi).then_some((lo, hi, open))
}

fn is_name(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The parts of a text before compiling: each with its line (1-based) and the column its expression starts.
struct Parts {
    params: Vec<Param>,
    start: Vec<(&'static str, String, usize, usize)>,
    acceleration: Option<(String, usize, usize)>,
    potential: Option<(String, usize, usize)>,
}

fn parts(text: &str) -> Result<Parts, RuleError> {
    let mut parts = Parts {
        params: Vec::new(),
        start: Vec::new(),
        acceleration: None,
        potential: None,
    };
    for (l, raw) in text.lines().enumerate() {
        let line = l + 1;
        let code = raw.split("//").next().unwrap_or("");
        let indent = code.len() - code.trim_start().len();
        let code = code.trim();
        if code.is_empty() {
            continue;
        }
        // The column (1-based, in characters) where `piece`, a slice of `raw`, starts.
        let column = |piece: &str| {
            let offset = piece.as_ptr() as usize - raw.as_ptr() as usize;
            raw[..offset].chars().count() + 1
        };
        if let Some(rest) = code.strip_prefix("param ") {
            let (name, rest) = rest.split_once('=').ok_or_else(|| {
                at(
                    line,
                    indent + 1,
                    "a parameter is written `param NAME = DEFAULT in [MIN, MAX]`",
                )
            })?;
            let name = name.trim();
            if !is_name(name) {
                return Err(at(
                    line,
                    column(name),
                    format!("'{name}' is not a name: use letters, digits and _"),
                ));
            }
            if taken(name) || parts.params.iter().any(|p| p.name == name) {
                let names: Vec<&str> = permalink::reserved().chain(EXPRESSION_NAMES).collect();
                return Err(at(
                    line,
                    column(name),
                    format!(
                        "'{name}' is taken: a parameter needs a name of its own (not one of {})",
                        names.join(", ")
                    ),
                ));
            }
            let (default, rest) = rest.split_once(" in ").ok_or_else(|| {
                at(
                    line,
                    column(rest),
                    "give the parameter's range: `in [MIN, MAX]`",
                )
            })?;
            let default_at = column(default.trim_start());
            let default = crate::format::parse(name, default.trim())
                .map_err(|e| at(line, default_at, e.to_string()))?;
            let close = rest.find(']').map(|i| i + 1).unwrap_or(rest.len());
            let (bounds, unit) = rest.split_at(close);
            let (min, max, min_open) = range(bounds).ok_or_else(|| {
                at(
                    line,
                    column(bounds.trim_start()),
                    "a range is written [MIN, MAX], or (MIN, MAX] to leave MIN out",
                )
            })?;
            let param = Param {
                name: leak(name.to_string()),
                description: "a parameter of your force",
                unit: leak(unit.trim().to_string()),
                default,
                min,
                max,
                min_open,
                integer: false,
            };
            param.check(default).map_err(|e| {
                at(
                    line,
                    default_at,
                    format!("the default is outside the range: {e}"),
                )
            })?;
            parts.params.push(param);
        } else if let Some(rest) = code.strip_prefix("start ") {
            for item in rest.split(',') {
                let (name, value) = item.split_once('=').ok_or_else(|| {
                    at(
                        line,
                        column(item.trim_start()),
                        "the start is written `start x = 1, v = 0`",
                    )
                })?;
                let name = name.trim();
                let known = ["x", "y", "v", "vx", "vy"];
                let Some(&name) = known.iter().find(|&&n| n == name) else {
                    return Err(at(
                        line,
                        column(name),
                        format!("'{name}' is not a coordinate: x and v, or x, y, vx and vy"),
                    ));
                };
                parts.start.push((
                    name,
                    value.trim().to_string(),
                    line,
                    column(value.trim_start()),
                ));
            }
        } else if let Some(rest) = code.strip_prefix("a =") {
            parts.acceleration = Some((rest.trim().to_string(), line, column(rest.trim_start())));
        } else if let Some(rest) = code.strip_prefix("potential =") {
            parts.potential = Some((rest.trim().to_string(), line, column(rest.trim_start())));
        } else {
            return Err(at(
                line,
                indent + 1,
                "each line is `param …`, `start …`, `a = …` or `potential = …` (or a // comment)",
            ));
        }
    }
    Ok(parts)
}

impl CustomForce {
    /// Compiles a force (or finds it compiled already), and tries it at its start: a mistake is reported
    /// with its line and column.
    pub fn compile(text: &str) -> Result<&'static CustomForce, RuleError> {
        let mut compiled = COMPILED.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&found) = compiled.iter().find(|f| f.text == text) {
            return Ok(found);
        }
        if compiled.len() >= MAX_FORCES {
            return Err(RuleError {
                line: None,
                column: None,
                message: format!("more than {MAX_FORCES} forces in one session: reload the page"),
            });
        }
        let force = CustomForce::make(text)?;
        force.try_at_start()?;
        let force: &'static CustomForce = Box::leak(Box::new(force));
        compiled.push(force);
        Ok(force)
    }

    fn make(text: &str) -> Result<CustomForce, RuleError> {
        if let Some((line, column)) = super::caret(text) {
            return Err(at(line, column, super::CARET));
        }
        let parts = parts(text)?;
        let names: Vec<&'static str> = {
            let given: Vec<&str> = parts.start.iter().map(|s| s.0).collect();
            if given == ["x", "v"] {
                vec!["x", "v"]
            } else if given == ["x", "y", "vx", "vy"] {
                vec!["x", "y", "vx", "vy"]
            } else {
                return Err(RuleError {
                    line: parts.start.first().map(|s| s.2),
                    column: None,
                    message: "give the start as `start x = …, v = …` (one coordinate) or `start x = …, y = …, vx = …, vy = …` (two)".to_string(),
                });
            }
        };
        let dim = names.len() / 2;
        let engine = engine();
        // Each expression compiled alone; its errors moved to where it stands in the text (`shift` is the
        // columns the wrapping added before it).
        let compile = |source: &str, line: usize, column: usize, shift: usize| {
            let place = Place {
                line,
                column,
                shift,
            };
            engine
                .compile_expression(source)
                .map(|ast| (ast, place))
                .map_err(|e| place.locate(RuleError::at(e.position(), e.err_type().to_string())))
        };
        let start = parts
            .start
            .iter()
            .map(|(_, value, line, column)| compile(value, *line, *column, 0))
            .collect::<Result<Vec<_>, _>>()?;
        let Some((a, line, column)) = &parts.acceleration else {
            return Err(RuleError {
                line: None,
                column: None,
                message: "the force has no acceleration: add a line `a = …`".to_string(),
            });
        };
        let acceleration = compile(&format!("[{a}]"), *line, *column, 1)?;
        let potential = parts
            .potential
            .as_ref()
            .map(|(p, line, column)| compile(p, *line, *column, 0))
            .transpose()?;
        let about = if potential.is_some() {
            "Its energy is the kinetic energy and the potential it gives."
        } else {
            "It gives no potential: the energy shown is the kinetic energy alone."
        };
        let description = leak(format!(
            "A force of your own, on a mass of 1 kg: a = {}. {about} Its truth is a reference run (RK4 at a small step).",
            a
        ));
        let (positions, velocities, scene): (
            &'static [&'static str],
            &'static [&'static str],
            Scene,
        ) = if dim == 1 {
            (&["x"], &["v"], Scene::Block)
        } else {
            (&["x", "y"], &["vx", "vy"], Scene::Orbit)
        };
        let info = ScenarioInfo {
            id: ID,
            title: "Your force",
            description,
            articles: &[],
            origin: "your own text",
            params: Box::leak(parts.params.into_boxed_slice()),
            positions,
            velocities,
            position_unit: "m",
            velocity_unit: "m/s",
            energy_unit: "J",
            dt: 0.01,
            until: 10.0,
            scene,
            oscillator: None,
            fastest: None,
            truth: Truth::Reference,
        };
        Ok(CustomForce {
            text: text.to_string(),
            info: Box::leak(Box::new(info)),
            expressions: Arc::new(Expressions {
                reads_velocity: names_any(a, &names[dim..]),
                names,
                start,
                acceleration,
                potential,
                engine,
            }),
        })
    }

    /// Evaluates the start, the acceleration and the potential once, with the defaults: a mistake that only
    /// shows when the text runs (an unknown name, a wrong count of components) is reported now.
    fn try_at_start(&self) -> Result<(), RuleError> {
        let params = self.default_params();
        let state = self.start_state(&params)?;
        let evaluator = Evaluator::new(self, &params);
        let dim = state.x.len();
        let mut a = vec![0.0; dim];
        evaluator.evaluate(0.0, &state.x, &state.v, &mut a)?;
        if let Some(p) = &self.expressions.potential {
            evaluator.number(p, 0.0, &state.x, &state.v)?;
        }
        Ok(())
    }

    fn start_state(&self, params: &Params) -> Result<State<f64>, RuleError> {
        let mut scope = Scope::new();
        for (name, value) in params.iter() {
            scope.push(name, value);
        }
        let values = self
            .expressions
            .start
            .iter()
            .map(|(ast, place)| {
                let value = self
                    .expressions
                    .engine
                    .eval_ast_with_scope::<Dynamic>(&mut scope, ast)
                    .map_err(|e| place.locate(super::runtime(&e)))?;
                number(&value)
                    .ok_or_else(|| place.locate(at(1, 1, "a start value must be a number")))
            })
            .collect::<Result<Vec<f64>, _>>()?;
        let dim = values.len() / 2;
        Ok(State::new(values[..dim].to_vec(), values[dim..].to_vec()))
    }

    /// The text it was compiled from.
    pub fn text(&self) -> &str {
        &self.text
    }
}

/// A force's expressions with one set of parameter values, as a term of a system.
struct Evaluator {
    force: Arc<Expressions>,
    params: Vec<(&'static str, f64)>,
    failure: Mutex<Option<String>>,
}

impl Evaluator {
    fn new(force: &CustomForce, params: &Params) -> Self {
        Evaluator {
            force: force.expressions.clone(),
            params: params.iter().collect(),
            failure: Mutex::new(None),
        }
    }

    fn scope(&self, t: f64, x: &[f64], v: &[f64]) -> Scope<'static> {
        let mut scope = Scope::new();
        for &(name, value) in &self.params {
            scope.push(name, value);
        }
        scope.push("t", t);
        for (name, value) in self.force.names.iter().zip(x.iter().chain(v)) {
            scope.push(*name, *value);
        }
        scope
    }

    /// An expression's value at (t, x, v), or its error where it stands in the text.
    fn eval(
        &self,
        (ast, place): &(AST, Place),
        t: f64,
        x: &[f64],
        v: &[f64],
    ) -> Result<Dynamic, RuleError> {
        let mut scope = self.scope(t, x, v);
        self.force
            .engine
            .eval_ast_with_scope::<Dynamic>(&mut scope, ast)
            .map_err(|e| place.locate(super::runtime(&e)))
    }

    fn evaluate(&self, t: f64, x: &[f64], v: &[f64], a: &mut [f64]) -> Result<(), RuleError> {
        let place = self.force.acceleration.1;
        let value = self.eval(&self.force.acceleration, t, x, v)?;
        let items = value.into_array().unwrap_or_default();
        let first = |message: String| place.locate(at(1, 1 + place.shift, message));
        if items.len() != a.len() {
            return Err(first(format!(
                "a gives {} component{} here, and needs {} (one a coordinate, separated by commas)",
                items.len(),
                if items.len() == 1 { "" } else { "s" },
                a.len()
            )));
        }
        for (ai, item) in a.iter_mut().zip(&items) {
            *ai = number(item)
                .ok_or_else(|| first("each component of a must be a number".to_string()))?;
        }
        Ok(())
    }

    fn number(
        &self,
        expression: &(AST, Place),
        t: f64,
        x: &[f64],
        v: &[f64],
    ) -> Result<f64, RuleError> {
        let value = self.eval(expression, t, x, v)?;
        number(&value).ok_or_else(|| {
            expression
                .1
                .locate(at(1, 1, "the potential must be a number"))
        })
    }
}

impl Accelerate for Evaluator {
    fn accelerate(&self, t: f64, x: &[f64], v: &[f64], a: &mut [f64]) {
        if let Err(e) = self.evaluate(t, x, v, a) {
            a.iter_mut().for_each(|ai| *ai = f64::NAN);
            let mut failure = self.failure.lock().unwrap_or_else(|e| e.into_inner());
            failure.get_or_insert_with(|| format!("your force stopped: {e}"));
        }
    }

    fn failure(&self) -> Option<String> {
        self.failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    fn reads_velocity(&self) -> bool {
        self.force.reads_velocity
    }
}

/// Whether an expression names any of `names` (as a whole word, not inside a longer name or a number).
fn names_any(expression: &str, names: &[&str]) -> bool {
    expression
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|word| names.contains(&word))
}

impl Scenario for CustomForce {
    fn info(&self) -> &'static ScenarioInfo {
        self.info
    }

    fn system(&self, params: &Params) -> System<f64> {
        let evaluator = Evaluator::new(self, params);
        System::new(
            self.expressions.names.len() / 2,
            vec![Force::Custom(Custom(Arc::new(evaluator)))],
        )
    }

    fn initial(&self, params: &Params) -> State<f64> {
        // Checked with the defaults when compiled; other parameter values may still fail (a NaN start,
        // which the run then reports as diverged at once).
        self.start_state(params).unwrap_or_else(|_| {
            let dim = self.expressions.names.len() / 2;
            State::new(vec![f64::NAN; dim], vec![f64::NAN; dim])
        })
    }

    fn energy(&self, params: &Params, state: &State<f64>) -> Energy {
        let kinetic = crate::scenarios::kinetic(1.0, &state.v);
        let potential = self.expressions.potential.as_ref().map_or(0.0, |p| {
            Evaluator::new(self, params)
                .number(p, 0.0, &state.x, &state.v)
                .unwrap_or(f64::NAN)
        });
        Energy { kinetic, potential }
    }

    fn exact(&self, _params: &Params, _t: f64, _out: &mut State<f64>) -> bool {
        false
    }

    fn energy_title(&self) -> &'static str {
        if self.expressions.potential.is_some() {
            "Total energy"
        } else {
            "Kinetic energy (your force gives no potential)"
        }
    }
}

/// A setup of a force: its text compiled (see [`CustomForce::compile`]) with parameter overrides, dt and
/// until (the defaults 0.01 s and 10 s).
pub fn setup(
    text: &str,
    overrides: &[(String, f64)],
    dt: Option<f64>,
    until: Option<f64>,
) -> Result<crate::Setup, Error> {
    let force = CustomForce::compile(text).map_err(|e| Error::Rule(format!("your force: {e}")))?;
    crate::Setup::of(force, overrides, dt, until)
}
