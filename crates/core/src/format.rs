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

/// A count or a bound as a message writes it for people: a whole number of five digits or more grouped in
/// threes (`50,400,000`), anything else as [`number`] writes it. Messages only: the CSV and the CLI's
/// numbers are [`number`]'s, which read back.
///
/// ```
/// use integrator_lab::format::grouped;
/// assert_eq!(grouped(50_400_000.0), "50,400,000");
/// assert_eq!(grouped(-1e9), "-1,000,000,000");
/// assert_eq!(grouped(1000.0), "1000");
/// assert_eq!(grouped(0.5), "0.5");
/// assert_eq!(grouped(1e16), "1e16");
/// ```
pub fn grouped(value: f64) -> String {
    let text = number(value);
    if !(1e4..1e16).contains(&value.abs()) || value.fract() != 0.0 {
        return text;
    }
    let (sign, digits) = text.split_at(usize::from(value < 0.0));
    let mut out = String::from(sign);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// An f64 value shown at a run's precision: rounded to f32 first for an f32 run, as the CSV prints it.
pub fn value(value: f64, precision: Precision) -> String {
    match precision {
        #[cfg(feature = "f32")]
        Precision::F32 => number(value as f32),
        Precision::F64 => number(value),
    }
}

/// How a method's run ended before the run's end, in the words the CLI's stderr, the page's notes and its
/// tables share: its state stopped being finite ("diverged at t = 2.5 s"), or a rule raised an error
/// ("stopped at t = 2.5 s (why)"). `at` is the time as the caller prints it.
///
/// ```
/// use integrator_lab::format::ending;
/// assert_eq!(ending("2.5", None), "diverged at t = 2.5 s");
/// assert_eq!(ending("0.6", Some("line 3")), "stopped at t = 0.6 s (line 3)");
/// ```
pub fn ending(at: &str, why: Option<&str>) -> String {
    match why {
        None => format!("diverged at t = {at} s"),
        Some(why) => format!("stopped at t = {at} s ({why})"),
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
    number(round_to_12_digits(t))
}

/// Powers of ten that f64 holds exactly.
const EXACT_POWERS: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// The f64 nearest to `t` rounded to 12 significant digits. Scaling by an exact power of ten and rounding
/// gives the 12-digit integer; dividing it by the same power rounds once more, to the nearest f64. (No
/// formatting with a precision: that would pull the exact float printer into the browser's download.)
/// Times too small or too large for an exact scale are returned as they are.
fn round_to_12_digits(t: f64) -> f64 {
    if t == 0.0 || !t.is_finite() {
        return t;
    }
    let mut exponent = 11 - libm::floor(libm::log10(t.abs())) as i32;
    for _ in 0..2 {
        let Some(&scale) = EXACT_POWERS.get(exponent.unsigned_abs() as usize) else {
            return t;
        };
        let digits = if exponent >= 0 {
            libm::round(t * scale)
        } else {
            libm::round(t / scale)
        };
        // log10 may be off by one next to a power of ten: keep exactly 12 digits.
        if digits.abs() >= 1e12 {
            exponent -= 1;
        } else if digits.abs() < 1e11 {
            exponent += 1;
        } else {
            return if exponent >= 0 {
                digits / scale
            } else {
                digits * scale
            };
        }
    }
    t
}

/// A value rounded to `digits` significant digits for reading (the page's tables by default; the CSV keeps
/// every digit): `89.1`, not `89.10000000000001`; `1.85491e30`, not `1.8549126586353733e30`.
///
/// ```
/// use integrator_lab::format::significant;
/// assert_eq!(significant(89.10000000000001, 6), "89.1");
/// assert_eq!(significant(1.8549126586353733e30, 6), "1.85491e30");
/// assert_eq!(significant(-0.00017668325029576116, 6), "-0.000176683");
/// assert_eq!(significant(0.0, 6), "0");
/// ```
pub fn significant(value: f64, digits: usize) -> String {
    let digits = digits.clamp(1, 17);
    let magnitude = value.abs();
    if magnitude == 0.0 || !value.is_finite() {
        return number(value);
    }
    let trim = |text: String| {
        if text.contains('.') {
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            text
        }
    };
    if (1e-5..1e16).contains(&magnitude) {
        let exponent = libm::floor(libm::log10(magnitude)) as i32;
        let decimals = (digits as i32 - 1 - exponent).max(0) as usize;
        trim(format!("{value:.decimals$}"))
    } else {
        let text = format!("{value:.prec$e}", prec = digits - 1);
        let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
        format!("{}e{exponent}", trim(mantissa.to_string()))
    }
}

/// A growth factor a step as the page shows it: six decimals (`1.004988`); where six decimals would round a
/// real change away, the change itself (`1 + 2.1e-9`, `1 − 4e-8`), so that a factor the core calls growing
/// never reads as 1.000000. Within 1e-10 of 1 (round-off in its measurement) it is `1.000000`.
///
/// ```
/// use integrator_lab::format::factor;
/// assert_eq!(factor(1.0049875621120890), "1.004988");
/// assert_eq!(factor(1.0), "1.000000");
/// assert_eq!(factor(1.0 + 2.1e-9), "1 + 2.1e-9");
/// assert_eq!(factor(1.0 - 4e-8), "1 − 4e-8");
/// assert_eq!(factor(1.0 + 1e-12), "1.000000");
/// ```
pub fn factor(g: f64) -> String {
    let change = g - 1.0;
    if change.abs() >= 5e-7 || change.abs() <= 1e-10 || !g.is_finite() {
        return format!("{g:.6}");
    }
    let sign = if change > 0.0 { "+" } else { "−" };
    format!("1 {sign} {}", significant(change.abs(), 2))
}

/// A relative change as a signed percentage, a no-break space before its `%` (so that a line never breaks
/// between the number and its sign) (`+1.64 %`, `-2.3e-4 %` where two decimals would round a real
/// change to zero, `0 %` for none, of either sign), or as a factor when it is more than tenfold
/// (`×1.289e65`).
///
/// ```
/// use integrator_lab::format::percent;
/// assert_eq!(percent(0.0164), "+1.64\u{a0}%");
/// assert_eq!(percent(-2.3e-6), "-2.3e-4\u{a0}%");
/// assert_eq!(percent(-0.0), "0\u{a0}%");
/// assert_eq!(percent(1.289e65), "×1.289e65");
/// ```
pub fn percent(x: f64) -> String {
    if x > 9.0 {
        format!("×{:.3e}", 1.0 + x)
    } else if x == 0.0 {
        "0\u{a0}%".to_string()
    } else if x.abs() < 1e-4 {
        format!("{:+.1e}\u{a0}%", 100.0 * x)
    } else {
        format!("{:+.2}\u{a0}%", 100.0 * x)
    }
}

/// A band of relative changes, `lo … hi`: as percentages, or, where either end is more than tenfold, both as
/// factors of the start (`×0.9972 … ×10.28`), so that one band never mixes the two.
///
/// ```
/// use integrator_lab::format::band;
/// assert_eq!(band(-0.0028, 0.0164), "-0.28\u{a0}% … +1.64\u{a0}%");
/// assert_eq!(band(-0.0028, 9.28), "×0.9972 … ×10.28");
/// ```
pub fn band(lo: f64, hi: f64) -> String {
    if lo > 9.0 || hi > 9.0 {
        let times = |x: f64| format!("×{}", significant(1.0 + x, 4));
        format!("{} … {}", times(lo), times(hi))
    } else {
        format!("{} … {}", percent(lo), percent(hi))
    }
}

/// Text from a student (a name, an answer) as a terminal may print it: every control character (C0, DEL, C1),
/// line and paragraph separator and bidirectional override written as `\u{…}`, so that a code cannot move
/// the cursor, recolour a line or reorder it to show a name or a score that is not its own.
///
/// ```
/// use integrator_lab::format::printable;
/// assert_eq!(printable("Ada"), "Ada");
/// assert_eq!(printable("Bob\u{1b}[2K\rAda"), "Bob\\u{1b}[2K\\u{d}Ada");
/// assert_eq!(printable("x\u{2028}y\u{202e}z\u{85}"), "x\\u{2028}y\\u{202e}z\\u{85}");
/// ```
pub fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let unsafe_here = c.is_control()
            || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        if unsafe_here {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// Reads a number as the CLI and the URL write it: a decimal (`0.01`, `-2`, `1e-3`) or a fraction of two
/// (`1/60`). `name` is what the message calls it.
pub fn parse(name: &str, text: &str) -> Result<f64, Error> {
    parse_with(name, text, |decimal| decimal.parse().unwrap_or(f64::NAN))
}

/// [`parse`], with the conversion of one plain decimal to the nearest f64 left to `decimal`. The grammar,
/// the fractions and the messages are this module's; the conversion is any correctly rounded one, so every
/// caller gets the same bits: the CLI uses Rust's, the page JavaScript's `parseFloat` (which spares the
/// browser's download Rust's tables for it).
pub fn parse_with(name: &str, text: &str, decimal: impl Fn(&str) -> f64) -> Result<f64, Error> {
    let bad = || Error::NotANumber {
        name: name.to_string(),
        text: text.to_string(),
    };
    let infinite = || Error::NotFinite {
        name: name.to_string(),
    };
    let read = |s: &str| {
        let s = s.trim();
        let word = s.trim_start_matches(['+', '-']).to_ascii_lowercase();
        if ["inf", "infinity", "nan"].contains(&word.as_str()) {
            Err(infinite())
        } else if is_decimal(s) {
            Ok(decimal(s))
        } else {
            Err(bad())
        }
    };
    let value = match text.split_once('/') {
        Some((p, q)) => read(p)? / read(q)?,
        None => read(text)?,
    };
    if value.is_finite() {
        Ok(value)
    } else {
        Err(infinite())
    }
}

/// `[+-]digits[.digits][e[+-]digits]`, with digits on at least one side of the point.
pub(crate) fn is_decimal(s: &str) -> bool {
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    let (mantissa, exponent) = match s.find(['e', 'E']) {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mantissa_ok =
        digits(whole) && digits(fraction) && !(whole.is_empty() && fraction.is_empty());
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    mantissa_ok && exponent_ok
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
        #[cfg(feature = "f32")]
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
        assert_eq!(time(1e12 + 0.4), "1000000000000");
        assert_eq!(time(-3.0 * 0.1), "-0.3");
        assert_eq!(time(999_999_999_999.7), "1000000000000");
        // Against the decimal rounding, over many steps of awkward sizes.
        for dt in [0.01, 1.0 / 60.0, 0.07, 0.0123, 1e-5, 3.7e3] {
            for step in (0..100_000u64).step_by(97) {
                let t = step as f64 * dt;
                let decimal: f64 = format!("{t:.11e}").parse().unwrap();
                assert_eq!(time(t), number(decimal), "{step} × {dt}");
            }
        }
    }

    #[test]
    fn parses_decimals_and_fractions_only() {
        assert_eq!(parse("dt", "1/60"), Ok(1.0 / 60.0));
        assert_eq!(parse("dt", " 1e-3 "), Ok(0.001));
        assert_eq!(parse("dt", "-2"), Ok(-2.0));
        for bad in [
            "", "abc", "1/", "1/2/3", "0x10", ".", "1e", "e5", "1.2.3", "--1", "1e+-2", "1_0",
        ] {
            assert!(
                matches!(parse("dt", bad), Err(Error::NotANumber { .. })),
                "{bad}"
            );
        }
        for good in ["1.", ".5", "+3", "-2E+2", "007"] {
            assert_eq!(parse("x", good), Ok(good.parse().unwrap()), "{good}");
        }
        for infinite in ["inf", "NaN", "-Infinity", "1e400"] {
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
