//! A run as the CLI and the page ask for one, and its one resolution into core types: the scenario (or a
//! student's force) with its parameters, dt and until checked, the methods (a student's rule among them as
//! `yours`), each at the run's dt or its own, and the precision. The CLI builds a [`Request`] from its
//! arguments and the wasm crate from the page's spec; both resolve it here, so the two can never read the
//! same run two ways.

use crate::rotation::methods::RotationMethodId;
use crate::rotation::scenarios::{self as spinning, RotationSetup};
use crate::{Error, Method, MethodId, Precision, Setup};

/// The id a student's rule runs under beside the lab's methods.
pub const YOURS: &str = "yours";

/// What is asked: ids, names and numbers as they come, not yet checked.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// The scenario's id; `None` with a force, which is a scenario of its own (`custom`).
    pub scenario: Option<String>,
    /// Parameter overrides, by name, in the order given.
    pub params: Vec<(String, f64)>,
    /// The methods' ids, in order (`yours` for the rule); `None` for every built-in method.
    pub methods: Option<Vec<String>>,
    /// Methods each at a dt of its own, replacing `methods` where any are given.
    pub runs: Vec<(String, f64)>,
    pub dt: Option<f64>,
    pub until: Option<f64>,
    /// `f64` or `f32`; `None` for f64.
    pub precision: Option<String>,
    /// A student's update rule, as its text: the method `yours`.
    pub rule: Option<String>,
    /// A student's force, as its text: the scenario `custom`.
    pub force: Option<String>,
    /// Each method's twin starts from the first coordinate + this ([`crate::chaos::check_nudge`]).
    pub nudge: Option<f64>,
}

/// A request in core types, every part checked.
pub struct Resolved {
    pub setup: Setup,
    /// Each method, with its own dt where the request gave one.
    pub runs: Vec<(Method, Option<f64>)>,
    pub precision: Precision,
    /// The rule, compiled, where the request has one.
    pub yours: Option<Method>,
    /// The nudge of each method's twin, checked.
    pub nudge: Option<f64>,
}

impl Request {
    /// Checks every part and makes the core's types, or says in one line what is wrong.
    pub fn resolve(&self) -> Result<Resolved, Error> {
        let setup = match (&self.force, self.scenario.as_deref()) {
            (Some(text), None | Some(CUSTOM)) => force_setup(text, self)?,
            (Some(_), Some(other)) => {
                return Err(Error::Inconsistent(format!(
                    "a force makes its own scenario ({CUSTOM}): drop the scenario {other}"
                )))
            }
            (None, Some(id)) => Setup::new(id, &self.params, self.dt, self.until)?,
            (None, None) => {
                return Err(Error::Inconsistent(
                    "give a scenario or a force".to_string(),
                ))
            }
        };
        let precision = match self.precision.as_deref() {
            None => Precision::F64,
            Some(p) => Precision::from_id(p)?,
        };
        let yours = self.rule.as_deref().map(rule_method).transpose()?;
        let method = |id: &str| method(id, yours.as_ref());
        let runs: Vec<(Method, Option<f64>)> = if !self.runs.is_empty() {
            self.runs
                .iter()
                .map(|(id, dt)| Ok((method(id)?, Some(*dt))))
                .collect::<Result<_, Error>>()?
        } else {
            match &self.methods {
                Some(ids) => ids
                    .iter()
                    .map(|id| Ok((method(id)?, None)))
                    .collect::<Result<_, Error>>()?,
                None => MethodId::ALL.iter().map(|&m| (m.into(), None)).collect(),
            }
        };
        let nudge = self.nudge.map(crate::chaos::check_nudge).transpose()?;
        if nudge.is_some() && runs.iter().any(|(_, dt)| dt.is_some()) {
            return Err(Error::Inconsistent(
                "a nudge twins each method at the run's dt: it takes no runs at steps of their own"
                    .into(),
            ));
        }
        Ok(Resolved {
            setup,
            runs,
            precision,
            yours,
            nudge,
        })
    }
}

/// A request for a spinning body in core types, every part checked.
pub struct Spinning {
    pub setup: RotationSetup,
    pub methods: Vec<RotationMethodId>,
    /// The nudge of each method's twin (from ω1 + δ), checked.
    pub nudge: Option<f64>,
}

impl Request {
    /// Where the scenario is a spinning body, the request resolved within the rotation family (an id such as
    /// `euler` names the rotation method), or what in it does not apply to a spinning body; `None` for a point
    /// mass's scenario, which [`Request::resolve`] reads.
    pub fn spinning(&self) -> Option<Result<Spinning, Error>> {
        let id = self.scenario.as_deref()?;
        spinning::get(id)?;
        let refuse = |what: &str| {
            Err(Error::Inconsistent(format!(
                "{what}: it does not apply to a spinning body"
            )))
        };
        Some((|| {
            if self.force.is_some() {
                return refuse("your force acts on a point mass");
            }
            if self.rule.is_some() || self.methods.iter().flatten().any(|m| m == YOURS) {
                return refuse("your method steps a point mass's position and velocity");
            }
            if !self.runs.is_empty() {
                return refuse("runs at steps of their own are for a point mass's methods");
            }
            if !matches!(self.precision.as_deref(), None | Some("f64")) {
                return Err(Error::Inconsistent(
                    "a spinning body runs in f64 only: drop the precision".into(),
                ));
            }
            let setup = RotationSetup::new(id, &self.params, self.dt, self.until)?;
            let methods = match &self.methods {
                Some(ids) => ids
                    .iter()
                    .map(|m| RotationMethodId::from_id(m.trim()))
                    .collect::<Result<Vec<_>, Error>>()?,
                None => RotationMethodId::ALL.to_vec(),
            };
            let nudge = self.nudge.map(crate::chaos::check_nudge).transpose()?;
            Ok(Spinning {
                setup,
                methods,
                nudge,
            })
        })())
    }
}

/// A method by its id: one of the lab's, or `yours` (the request's rule, where it has one).
pub fn method(id: &str, yours: Option<&Method>) -> Result<Method, Error> {
    if id == YOURS {
        return yours.cloned().ok_or_else(|| {
            Error::Rule("your method: there is no rule to run: write one in the editor".to_string())
        });
    }
    Ok(MethodId::from_id(id)?.into())
}

/// The id of the scenario a force makes.
#[cfg(feature = "language")]
const CUSTOM: &str = crate::language::force::ID;
#[cfg(not(feature = "language"))]
const CUSTOM: &str = "custom";

#[cfg(feature = "language")]
fn force_setup(text: &str, r: &Request) -> Result<Setup, Error> {
    crate::language::force::setup(text, &r.params, r.dt, r.until)
}

#[cfg(not(feature = "language"))]
fn force_setup(_: &str, _: &Request) -> Result<Setup, Error> {
    Err(Error::Rule(
        "your force: this build of the core has no language for it".to_string(),
    ))
}

/// A rule's text as the method `yours`, or the mistake in it.
#[cfg(feature = "language")]
pub fn rule_method(text: &str) -> Result<Method, Error> {
    crate::language::Rule::compile(text)
        .map(|rule| Method::Rule(std::sync::Arc::new(rule)))
        .map_err(|e| Error::Rule(format!("your method: {e}")))
}

#[cfg(not(feature = "language"))]
pub fn rule_method(_: &str) -> Result<Method, Error> {
    Err(Error::Rule(
        "your method: this build of the core has no language for it".to_string(),
    ))
}
