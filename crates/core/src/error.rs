//! The one error type of the library. Every message is one line that names the problem, so the CLI can print
//! it as it is and the page can show it beside the control it concerns.

use std::fmt;

use crate::format::{grouped, number};

#[derive(Clone, Debug, PartialEq)]
pub enum Error {
    UnknownScenario(String),
    UnknownMethod(String),
    UnknownPrecision(String),
    UnknownParameter {
        scenario: &'static str,
        name: String,
    },
    /// A number that is NaN or infinite where a finite one is needed.
    NotFinite {
        name: String,
    },
    /// A number that could not be read.
    NotANumber {
        name: String,
        text: String,
    },
    /// A number outside what it may be: `range` says what it must be, in words ("more than 0 and at most
    /// 10 s").
    OutOfRange {
        name: String,
        value: f64,
        range: String,
    },
    /// `dt` must be positive.
    NonPositiveStep(f64),
    /// A run must end at or after t = 0.
    NegativeDuration(f64),
    TooManySteps {
        steps: f64,
        limit: u64,
    },
    NoMethods,
    /// Two parameters that cannot hold together, such as a burn that ends before it starts.
    Inconsistent(String),
    /// A student's rule or force that cannot run (see `language`), or `yours` asked for without a rule: the
    /// message names which.
    Rule(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownScenario(id) => write!(
                f,
                "unknown scenario '{id}' (known: {})",
                crate::scenarios::ids().join(", ")
            ),
            Error::UnknownMethod(id) => write!(
                f,
                "unknown method '{id}' (known: {})",
                crate::methods::MethodId::ALL
                    .iter()
                    .map(|m| m.id())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Error::UnknownPrecision(id) if id == "f32" => {
                write!(f, "precision 'f32' is not in this build of the core")
            }
            Error::UnknownPrecision(id) => write!(
                f,
                "unknown precision '{id}' (known: {})",
                crate::Precision::ALL
                    .iter()
                    .map(|p| p.id())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Error::UnknownParameter { scenario, name } => {
                let known = crate::scenarios::get(scenario)
                    .map(|s| {
                        s.info()
                            .params
                            .iter()
                            .map(|p| p.name)
                            .collect::<Vec<_>>()
                            .join(", ")
                    })
                    .unwrap_or_default();
                write!(
                    f,
                    "unknown parameter '{name}' for scenario '{scenario}' (known: {known})"
                )
            }
            Error::NotFinite { name } => write!(f, "{name} must be a finite number"),
            Error::NotANumber { name, text } => write!(f, "{name}: '{text}' is not a number"),
            Error::OutOfRange { name, value, range } => {
                write!(
                    f,
                    "{name} = {} is out of range: it must be {range}",
                    number(*value)
                )
            }
            Error::NonPositiveStep(dt) => write!(f, "dt must be positive (got {})", number(*dt)),
            Error::NegativeDuration(until) => {
                write!(f, "until must not be negative (got {})", number(*until))
            }
            Error::TooManySteps { steps, limit } => write!(
                f,
                "until/dt asks for {} steps; the limit is {}: raise dt or lower until",
                grouped(*steps),
                grouped(*limit as f64)
            ),
            Error::NoMethods => write!(f, "no method given"),
            Error::Inconsistent(message) => f.write_str(message),
            Error::Rule(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for Error {}
