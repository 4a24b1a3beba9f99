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
            Error::NotFinite { name } => {
                write!(f, "{name} must be a finite number, not NaN or infinity")
            }
            // A decimal comma is said to be one: the lab reads a point (a comma may group thousands).
            Error::NotANumber { name, text } if decimal_comma(text) => write!(
                f,
                "{name}: '{text}' is not a number: write the decimal point as a point ({})",
                text.trim().replace(',', ".")
            ),
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

/// Whether `text` is a decimal written with a comma, as much of the world writes one: `0,05`, `-1,5e3`; not
/// where the comma may group thousands (`1,000`).
fn decimal_comma(text: &str) -> bool {
    let text = text.trim();
    let Some((_, after)) = text.split_once(',') else {
        return false;
    };
    let thousands = after.len() == 3 && after.bytes().all(|b| b.is_ascii_digit());
    !thousands && !after.contains(',') && crate::format::is_decimal(&text.replace(',', "."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decimal_comma_is_named_and_a_thousands_comma_is_not() {
        let said = |text: &str| {
            Error::NotANumber {
                name: "dt".into(),
                text: text.into(),
            }
            .to_string()
        };
        assert_eq!(
            said("0,05"),
            "dt: '0,05' is not a number: write the decimal point as a point (0.05)"
        );
        assert_eq!(
            said(" -1,5e3 "),
            "dt: ' -1,5e3 ' is not a number: write the decimal point as a point (-1.5e3)"
        );
        for plain in ["1,000", "1,2,3", "fast", ",", "0,05,1"] {
            assert_eq!(said(plain), format!("dt: '{plain}' is not a number"));
        }
    }
}
