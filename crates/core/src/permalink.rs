//! The permalink's keys: the one list of the URL keys the lab reads, which the page, the fuzzers and the
//! force checker all take from here.
//!
//! A scenario's parameters are URL keys too, by their own names (`k`, `GM`, `theta0`), so a parameter may
//! never take a reserved key's name: a student's force with a parameter `details` would have its value read
//! as the lab's `details=`. The tests check every built-in scenario, and the force checker refuses such a
//! name.

/// The keys the lab reads from a URL. Anything else is a scenario parameter by its own name, a tracking key
/// (ignored silently), or named in a notice as unknown.
pub const KEYS: [&str; 21] = [
    "scenario",  // the scenario's id
    "methods",   // the methods' ids, comma-separated, in order
    "runs",      // one method at several dt: METHOD@DT, comma-separated
    "dt",        // the step, in seconds (a fraction such as 1/60 stays as typed)
    "until",     // the run's end, in seconds
    "precision", // f64, or f32 for a game's float
    "speed",     // simulated seconds per real second
    "coord",     // the coordinate the charts show
    "details",   // the method the details are for
    "nudge",     // each method's twin starts from the first coordinate + this
    "worksheet", // a built-in worksheet's id, or a worksheet file on the same site
    "scorm",     // a worksheet launched by an LMS from a SCORM package: 1.2 or 2004
    "rule",      // a student's update rule, as its text
    "force",     // a student's force, as its text
    "views",     // an embedded figure's views, comma-separated
    "controls",  // an embedded figure's controls: full, minimal or none
    "theme",     // light, dark or auto
    "autoplay",  // an embedded figure's start: visible or click
    "sync",      // the name of the clock embedded figures on one page share
    "bg",        // an embedded figure's background: transparent
    "title",     // an embedded figure's caption, in place of its scenario and methods
];

/// Names an embed's `<integrator-lab>` element reads as attributes besides the keys: `query` holds a whole
/// permalink query (HTML lower-cases attribute names, so parameters with capitals travel in it); `poster`
/// names the figure's poster, shown until it loads.
pub const ELEMENT_ATTRIBUTES: [&str; 2] = ["query", "poster"];

/// Whether a URL key is the lab's own (so no parameter may be named so).
pub fn is_reserved(name: &str) -> bool {
    KEYS.contains(&name) || ELEMENT_ATTRIBUTES.contains(&name)
}

/// The URL keys, in the order of [`KEYS`].
pub fn url_keys() -> impl Iterator<Item = &'static str> {
    KEYS.iter().copied()
}

/// The names no parameter may take: the URL keys, then the element's attributes.
pub fn reserved() -> impl Iterator<Item = &'static str> {
    url_keys().chain(ELEMENT_ATTRIBUTES.iter().copied())
}

/// Keys that sharing sites add to links (`utm_*`, `fbclid`, `gclid`): ignored without a word.
pub fn is_tracking(name: &str) -> bool {
    name.starts_with("utm_") || name == "fbclid" || name == "gclid"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenarios;

    #[test]
    fn no_built_in_parameter_is_a_reserved_key() {
        for scenario in scenarios::all() {
            for param in scenario.info().params {
                assert!(
                    !is_reserved(param.name) && !is_tracking(param.name),
                    "{}'s parameter {} would be read as the lab's own URL key",
                    scenario.info().id,
                    param.name
                );
            }
        }
    }

    #[test]
    fn each_key_is_named_once() {
        let names: Vec<_> = reserved().collect();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[i + 1..].contains(name), "{name} is listed twice");
        }
    }
}
