//! Every guided experiment is a valid permalink, and its measurement is made by the core.

use integrator_lab::experiments;
use integrator_lab::format::parse;
use integrator_lab::request::Request;

/// The query as the page reads it, resolved by the core as the page's spec and the CLI's arguments are: its
/// steps, its methods and its precision. A spinning body's within the rotation family.
fn setup_of(query: &str) -> (u64, usize, String) {
    let mut request = Request::default();
    let mut methods = Vec::new();
    let mut precision = String::from("f64");
    for pair in query.split('&') {
        let (k, v) = pair.split_once('=').expect("key=value");
        match k {
            "scenario" => request.scenario = Some(v.to_string()),
            "methods" => methods = v.split(',').map(str::to_string).collect(),
            "runs" => {
                for run in v.split(',') {
                    let (m, run_dt) = run.split_once('@').expect("method@dt");
                    let run_dt = parse("dt", run_dt).expect("a dt (1/60 as the URL writes it)");
                    request.runs.push((m.to_string(), run_dt));
                }
            }
            "dt" => request.dt = Some(parse("dt", v).expect("dt")),
            "until" => request.until = Some(parse("until", v).expect("until")),
            "precision" => precision = v.to_string(),
            "nudge" => request.nudge = Some(v.parse().expect("a nudge")),
            // How the run is shown, not what it is.
            "coord" | "speed" | "details" => {}
            _ => request
                .params
                .push((k.to_string(), v.parse().expect("a number"))),
        }
    }
    request.methods = Some(methods);
    request.precision = Some(precision.clone());
    if let Some(spinning) = request.spinning() {
        let s = spinning.unwrap_or_else(|e| panic!("{query}: {e}"));
        return (s.setup.steps(), s.methods.len(), precision);
    }
    let r = request.resolve().unwrap_or_else(|e| panic!("{query}: {e}"));
    for (_, run_dt) in &r.runs {
        if let Some(run_dt) = run_dt {
            assert!(
                r.setup.with_dt(*run_dt).is_ok(),
                "{query}: run at dt {run_dt}"
            );
        }
    }
    (r.setup.steps(), r.runs.len(), precision)
}

#[test]
fn every_experiment_is_a_valid_permalink_with_a_measurement() {
    let all = experiments::all();
    assert!(all.len() >= 17);
    let articles: std::collections::BTreeSet<&str> = all.iter().map(|e| e.article.id).collect();
    // Each permalink opens one experiment: the page shows the card of the one whose state it is.
    let queries: std::collections::BTreeSet<&str> = all.iter().map(|e| e.query).collect();
    assert_eq!(
        queries.len(),
        all.len(),
        "two experiments share a permalink"
    );
    assert_eq!(articles.len(), 5, "every article has its experiments");
    for e in all {
        let (steps, methods, precision) = setup_of(e.query);
        assert!(methods > 0, "{}", e.id);
        assert!(precision == "f32" || precision == "f64");
        assert!(steps <= 1_000_000, "{}: a page can run it", e.id);
        let measured = e.measure().unwrap_or_else(|err| panic!("{}: {err}", e.id));
        assert!(
            measured.chars().any(|c| c.is_ascii_digit()),
            "{}: {measured}",
            e.id
        );
        assert!(!e.claim.is_empty() && !e.look.is_empty());
    }
}

/// Spot checks that the sentences carry the figures the physics tests establish.
#[test]
fn measurements_state_the_tested_figures() {
    let text = |id: &str| experiments::get(id).unwrap().measure().unwrap();
    assert!(text("fiedler-table").contains("explicit Euler 450 m"));
    assert!(text("fiedler-float").contains("position 499.49707"));
    assert!(text("average-energy").contains("average acceleration -5.23\u{a0}%"));
    assert!(text("dog-on-rod").contains("explicit Euler 22.97 m"));
    assert!(text("semi-implicit-order").contains("symplectic Euler 1.00"));
}

/// The double pendulum's experiment states an exponent within the spread of independent estimates (1.31–1.39
/// /s over 1000 s, `tests/chaos.rs`; 1.34 from an audit), ln 10 over it, and the reference's horizon where the
/// chaos tests place it (before the 22.3 s a 40–50 digit computation gives for 1e-3).
#[test]
fn the_double_pendulums_horizon_is_stated() {
    let text = experiments::get("double-pendulum-horizon")
        .unwrap()
        .measure()
        .unwrap();
    let after = |key: &str| -> f64 {
        text.split(key)
            .nth(1)
            .and_then(|r| r.split([' ', ',']).next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{key} in {text}"))
    };
    let lambda = after("λ = ");
    assert!((1.27..1.40).contains(&lambda), "{text}");
    let digit = after("ln 10/λ = ");
    assert!(
        (digit - std::f64::consts::LN_10 / lambda).abs() < 0.01,
        "{text}"
    );
    let horizon = after("until t = ");
    assert!((19.0..22.3).contains(&horizon), "{text}");
}

/// The spinning bodies' experiments state what the rotation tests establish independently (`tests/rotation.rs`):
/// ‖q‖ = (1 + (‖ω‖dt/2)²)^(n/2) for explicit Euler, the flip every 2K(m)/λ, the rescale's drift to L²/(2 I2) and
/// the implicit step's loss.
/// The single pendulum's nudge grows in proportion to time: its envelope about doubles from 5 to 10 s and
/// from 10 to 20 s (an exponent of even 0.1 /s would multiply it by 1.6 and 2.7 on top), starting from the
/// bob's 1e-6 m (L = 1 m); and the motion has no exponent. Beside it the double pendulum's twins part by 1 cm
/// in 12–14.5 s (the measurement: about 12–14 s).
#[test]
fn the_single_pendulums_nudge_grows_in_proportion_to_time() {
    let text = experiments::get("pendulum-nudge")
        .unwrap()
        .measure()
        .unwrap();
    let numbers: Vec<f64> = ["reaches ", "m by 5 s, ", "m by 10 s and "]
        .iter()
        .map(|key| {
            text.split(key)
                .nth(1)
                .and_then(|r| r.split(' ').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{key} in {text}"))
        })
        .collect();
    let [five, ten, twenty] = [numbers[0], numbers[1], numbers[2]];
    assert!(five > 1e-6 && five < 4e-6, "{text}");
    for ratio in [ten / five, twenty / ten] {
        assert!((1.5..2.5).contains(&ratio), "{ratio}: {text}");
    }
    assert!(text.contains("no exponent"), "{text}");
    let double = experiments::get("double-pendulum-horizon")
        .unwrap()
        .measure()
        .unwrap();
    let parted: f64 = double
        .split("1 cm off at t = ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("{double}"));
    assert!((12.0..14.5).contains(&parted), "{double}");
}

#[test]
fn the_spinning_bodies_experiments_state_their_figures() {
    let text = |id: &str| experiments::get(id).unwrap().measure().unwrap();
    let grown = (1.0f64 + (10.0f64 / 120.0).powi(2)).powi(30);
    let q = text("quaternion-drift");
    assert!(q.contains(&format!("‖q‖ = {:.4}", grown)), "{q}");
    assert!(q.contains("stays within") && q.contains("of 1"), "{q}");
    let flip = text("lost-flip");
    assert!(flip.contains("every 2K(m)/λ = 4.29354 s"), "{flip}");
    assert!(
        flip.contains("RK4 flips 7 times, every 4.29354 s"),
        "{flip}"
    );
    assert!(flip.contains("flips 0 times"), "{flip}");
    // L²/(2 I2) of I = (1, 2, 3), ω = (0.1, 0.1, 3): (0.01 + 0.04 + 81)/4.
    let target = (0.01f64 + 0.04 + 81.0) / 4.0;
    let drift = text("rescale-drift");
    assert!(
        drift.contains(&format!("L²/(2 I2) = {target:.2} J")),
        "{drift}"
    );
    assert!(text("implicit-damping").contains("-55.58\u{a0}%"));
    let gain = text("spin-energy-gain");
    assert!(gain.contains("(36 J at the start)"), "{gain}");
}
