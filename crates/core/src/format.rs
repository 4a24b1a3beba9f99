//! How the lab writes and reads numbers: one owner for the CLI's CSV, its messages and the page's tables.
//!
//! A value is written in the shortest form that reads back to the same value at its precision (plain
//! decimals for ordinary magnitudes, scientific notation for very large or very small ones); a time with at
//! most 12 significant digits, as people write it (`2.51`, not `2.5100000000000002`). A number is read as a
//! decimal (`0.01`, `1e-3`) or a fraction (`1/60`).

use crate::{Error, Precision, Real};

/// The shortest text that reads back to the same value at precision `R`.
///
/// ```
/// use integrator_lab::format::number;
/// assert_eq!(number(0.1f64), "0.1");
/// assert_eq!(number(1e-6f64), "1e-6");
/// assert_eq!(number(1e308f64), "1e308");
/// assert_eq!(number(499.49707f32), "499.49707");
/// ```
pub fn number<R: Real>(value: R) -> String {
    let magnitude = value.abs().to_f64();
    if magnitude == 0.0 {
        // −0 reads back as a value equal to 0; print it as 0.
        "0".to_string()
    } else if (1e-5..1e16).contains(&magnitude) || !value.is_finite() {
        format!("{value}")
    } else {
        format!("{value:e}")
    }
}

/// An f64 value shown at a run's precision: rounded to f32 first for an f32 run, as the CSV prints it.
pub fn value(value: f64, precision: Precision) -> String {
    match precision {
        Precision::F32 => number(value as f32),
        Precision::F64 => number(value),
    }
}

/// A time `t = step·dt` with at most 12 significant digits: the rounding of `step·dt` is not shown.
///
/// ```
/// use integrator_lab::format::time;
/// assert_eq!(time(251.0 * 0.01), "2.51");
/// assert_eq!(time(10.0), "10");
/// assert_eq!(time(1.0 / 3.0), "0.333333333333");
/// ```
pub fn time(t: f64) -> String {
    if !t.is_finite() {
        return number(t);
    }
    let rounded: f64 = format!("{t:.11e}").parse().unwrap_or(t);
    number(rounded)
}

/// Reads a number as the CLI and the URL write it: a decimal (`0.01`, `1e-3`) or a fraction (`1/60`).
/// `name` is what the message calls it.
pub fn parse(name: &str, text: &str) -> Result<f64, Error> {
    let bad = || Error::NotANumber {
        name: name.to_string(),
        text: text.to_string(),
    };
    let read = |s: &str| s.trim().parse::<f64>().map_err(|_| bad());
    let value = match text.split_once('/') {
        Some((p, q)) => read(p)? / read(q)?,
        None => read(text)?,
    };
    if value.is_finite() {
        Ok(value)
    } else {
        Err(Error::NotFinite {
            name: name.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_back_to_themselves() {
        for v in [
            0.1,
            1.0 / 3.0,
            1e-300,
            6.02e23,
            -2.5,
            123456.789,
            1e15,
            1e16,
        ] {
            assert_eq!(number(v).parse::<f64>().unwrap(), v);
        }
        for v in [0.1f32, 1.0 / 3.0, 499.49707, 1e-30] {
            assert_eq!(number(v).parse::<f32>().unwrap(), v);
        }
        assert_eq!(number(-0.0f64), "0");
        assert_eq!(value(0.1, Precision::F32), "0.1");
        assert_eq!(value(0.1f32 as f64, Precision::F64), "0.10000000149011612");
    }

    #[test]
    fn times_hide_the_rounding_of_step_times_dt() {
        let dt = 0.01;
        assert_eq!(251.0 * dt, 2.5100000000000002);
        assert_eq!(time(251.0 * dt), "2.51");
        assert_eq!(time(1.0 / 60.0 * 7.0), "0.116666666667");
        assert_eq!(time(0.0), "0");
        assert_eq!(time(1e-7), "1e-7");
    }

    #[test]
    fn parses_decimals_and_fractions_only() {
        assert_eq!(parse("dt", "1/60"), Ok(1.0 / 60.0));
        assert_eq!(parse("dt", " 1e-3 "), Ok(0.001));
        assert_eq!(parse("dt", "-2"), Ok(-2.0));
        for bad in ["", "abc", "1/", "1/2/3", "0x10"] {
            assert!(
                matches!(parse("dt", bad), Err(Error::NotANumber { .. })),
                "{bad}"
            );
        }
        for infinite in ["inf", "NaN", "-Infinity"] {
            assert!(
                matches!(parse("dt", infinite), Err(Error::NotFinite { .. })),
                "{infinite}"
            );
        }
        assert_eq!(
            parse("dt", "1/0"),
            Err(Error::NotFinite { name: "dt".into() })
        );
    }
}
