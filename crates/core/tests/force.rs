//! "A force of your own": a force written as text runs as the scenario `custom`. Written as one of the lab's
//! scenarios, it steps as that scenario does (to the bit where the arithmetic is the same); its truth is a
//! reference run against which the methods measure their orders; its energy is conserved where it gives
//! its potential, and is the kinetic energy alone (said so) where it gives none; mistakes in the text name
//! line and column.

use integrator_lab::analysis::{convergence, fitted_order};
use integrator_lab::language::force::{self, CustomForce, TEMPLATES};
use integrator_lab::scenarios::Scenario;
use integrator_lab::{MethodId, Precision, Run, Setup};

fn error(text: &str) -> String {
    match CustomForce::compile(text) {
        Ok(_) => panic!("a mistake in\n{text}"),
        Err(e) => e.to_string(),
    }
}

/// Every position and velocity of a run.
fn trajectory(setup: &Setup, method: MethodId) -> Vec<(Vec<f64>, Vec<f64>)> {
    let mut run = Run::<f64>::new(setup, method);
    let mut out = Vec::new();
    while run.steps() < setup.steps() && run.step() {
        out.push((run.state().x.clone(), run.state().v.clone()));
    }
    out
}

/// The spring written as a force: `a = -k x / m` is the lab's spring's `-ω² (x − 0)` with ω² = k/m, the
/// same floating-point operations at m = 1. Every explicit method steps it as it steps the spring, to the
/// bit.
#[test]
fn the_spring_written_as_a_force_steps_as_the_spring_does() {
    let text = "param k = 4 in (0, 100] N/m\nstart x = 1, v = 0\na = -k * x\npotential = 0.5 * k * x ** 2\n";
    let mine = force::setup(text, &[], Some(0.05), Some(5.0)).unwrap();
    let spring = Setup::new(
        "spring",
        &[("k".into(), 4.0), ("m".into(), 1.0), ("x0".into(), 1.0)],
        Some(0.05),
        Some(5.0),
    )
    .unwrap();
    assert_eq!(spring.initial(), mine.initial());
    for m in [
        MethodId::Euler,
        MethodId::SymplecticEuler,
        MethodId::Verlet,
        MethodId::VelocityVerlet,
        MethodId::Leapfrog,
        MethodId::Midpoint,
        MethodId::Rk4,
        MethodId::ForestRuth,
    ] {
        assert_eq!(trajectory(&mine, m), trajectory(&spring, m), "{}", m.id());
    }
    // Its energy is the spring's: ½ m v² + ½ k x².
    let state = integrator_lab::State::new(vec![0.3], vec![-1.2]);
    assert_eq!(mine.energy(&state).total(), spring.energy(&state).total());
}

/// Kepler written as a 2-D force follows the lab's Kepler scenario (a closed form, at e = 0 a circle) to
/// round-off, and velocity Verlet keeps the energy it gives within its bounded oscillation.
#[test]
fn the_planet_template_follows_the_labs_orbit_to_round_off() {
    let text = TEMPLATES[1].1;
    let mine = force::setup(text, &[], Some(0.01), Some(6.0)).unwrap();
    let kepler = Setup::new("kepler", &[("e".into(), 0.0)], Some(0.01), Some(6.0)).unwrap();
    assert_eq!(kepler.initial(), mine.initial(), "the same start");
    for m in [MethodId::VelocityVerlet, MethodId::Rk4] {
        let (a, b) = (trajectory(&mine, m), trajectory(&kepler, m));
        assert_eq!(a.len(), b.len());
        let worst = a
            .iter()
            .zip(&b)
            .flat_map(|(p, q)| p.0.iter().zip(&q.0).map(|(y, z)| (y - z).abs()))
            .fold(0.0f64, f64::max);
        assert!(worst < 1e-12, "{}: {worst:e}", m.id());
    }
    let mut run = Run::<f64>::new(&mine, MethodId::VelocityVerlet);
    let e0 = mine.energy(run.state()).total();
    assert_eq!(e0, -0.5, "½ v² − GM/r at r = 1, v = 1");
    let mut worst = 0.0f64;
    while run.step() && run.steps() < mine.steps() {
        worst = worst.max((mine.energy(run.state()).total() - e0).abs());
    }
    assert!(worst < 1e-4, "{worst:e}");
}

/// The truth of a force is a reference run; against it, RK4 measures order 4 and midpoint order 2 on the
/// Duffing template (nonlinear, where no closed form is at hand).
#[test]
fn methods_measure_their_orders_against_a_forces_reference_run() {
    let setup = force::setup(TEMPLATES[0].1, &[], Some(0.1), Some(2.0)).unwrap();
    assert_eq!(setup.scenario.info().truth.label(), "reference");
    for (m, order) in [(MethodId::Midpoint, 2.0), (MethodId::Rk4, 4.0)] {
        let points = convergence(&setup, m, Precision::F64, 4).unwrap();
        let fit = fitted_order(&points).unwrap();
        assert!((fit - order).abs() < 0.15, "{}: {fit}", m.id());
    }
}

/// Without a potential the energy is the kinetic energy, and the scenario says so; with one, the total.
#[test]
fn a_force_without_a_potential_says_its_energy_is_the_kinetic_energy() {
    let driven = force::setup(TEMPLATES[2].1, &[], None, None).unwrap();
    let info = driven.scenario.info();
    assert!(
        info.description
            .contains("the energy shown is the kinetic energy alone"),
        "{}",
        info.description
    );
    let state = integrator_lab::State::new(vec![0.5], vec![2.0]);
    let energy = driven.energy(&state);
    assert_eq!((energy.kinetic, energy.potential), (2.0, 0.0));
    let duffing = force::setup(TEMPLATES[0].1, &[], None, None).unwrap();
    assert!(duffing
        .scenario
        .info()
        .description
        .contains("the potential it gives"));
    // Parameters are the force's own, with their ranges.
    assert_eq!(
        force::setup(TEMPLATES[2].1, &[("F".into(), 11.0)], None, None)
            .unwrap_err()
            .to_string(),
        "F = 11 is out of range: it must be from 0 to 10 N"
    );
}

/// The same text is the same force; the scenario keeps its declared parameters and names.
#[test]
fn the_same_text_is_the_same_force() {
    let a = CustomForce::compile(TEMPLATES[0].1).unwrap();
    let b = CustomForce::compile(TEMPLATES[0].1).unwrap();
    assert!(std::ptr::eq(a, b));
    let names: Vec<&str> = a.info().params.iter().map(|p| p.name).collect();
    assert_eq!(names, ["k", "eps"]);
    assert_eq!(a.info().id, force::ID);
}

#[test]
fn mistakes_in_a_force_name_line_and_column() {
    let cases = [
        (
            "start x = 1, v = 0\na = -x ^ 2\n",
            "line 2, column 8: ^ is not a power here",
        ),
        (
            "start x = 1, v = 0\na = -k * x\n",
            "line 2, column 6: Variable not found: k",
        ),
        (
            "start x = 1, v = 0\na = -x +* 2\n",
            "line 2, column 9: Unexpected '*'",
        ),
        (
            "start x = 1, v = 0\na = -x, 2\n",
            "line 2, column 5: a gives 2 components here, and needs 1",
        ),
        (
            "param t = 1 in [0, 1]\nstart x = 1, v = 0\na = -x\n",
            "line 1, column 7: 't' is taken",
        ),
        (
            "param k = 5 in [0, 1]\nstart x = 1, v = 0\na = -k * x\n",
            "line 1, column 11: the default is outside the range: k = 5 is out of range: it must be from 0 to 1",
        ),
        (
            "param k = 1 in 0 to 1\nstart x = 1, v = 0\na = -k * x\n",
            "a range is written [MIN, MAX]",
        ),
        (
            "start x = 1, z = 0\na = -x\n",
            "line 1, column 14: 'z' is not a coordinate",
        ),
        ("start x = 1, v = 0\n", "the force has no acceleration"),
        (
            "start x = 1, v = 0\nb = 2\na = -x\n",
            "line 2, column 1: each line is `param …`",
        ),
    ];
    for (text, expected) in cases {
        let e = error(text);
        assert!(
            e.contains(expected) || e.starts_with(expected),
            "{e}\nwanted {expected}"
        );
    }
}

/// What the page states beside each method on a force (its order there, from the kinds of force the text
/// has: state-dependent, with no closed form, reading the velocity or not) is what a convergence study
/// measures against the force's reference run, on every template.
#[test]
fn every_method_measures_the_order_stated_on_each_template() {
    use integrator_lab::analysis::{study, OrderVerdict};
    use integrator_lab::methods::Expected;
    let mut failures = Vec::new();
    for (name, text) in TEMPLATES {
        let setup = force::setup(text, &[], Some(0.05), Some(1.0)).unwrap();
        let class = setup.class();
        for s in study(&setup, &MethodId::ALL, Precision::F64, 5).unwrap() {
            let m = s.method.builtin().unwrap();
            let expected = (m.info().order_on)(&class);
            let ok = match (expected, s.verdict) {
                (Expected::Order(n), OrderVerdict::Order(p)) => (p - n as f64).abs() <= 0.1,
                (Expected::Exact, OrderVerdict::Exact) => true,
                _ => false,
            };
            println!(
                "{name:40} {:18} stated {:8} measured {}",
                m.id(),
                expected.text(),
                s.verdict.text()
            );
            if !ok {
                failures.push(format!(
                    "{name}: {} states {} but measures {}",
                    m.id(),
                    expected.text(),
                    s.verdict.text()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// The energy chart's title says what the energy column holds: the total where the force gives its
/// potential, the kinetic energy alone where it gives none.
#[test]
fn the_energy_is_titled_by_what_it_holds() {
    let with = CustomForce::compile(TEMPLATES[0].1).unwrap();
    let without = CustomForce::compile(TEMPLATES[2].1).unwrap();
    assert_eq!(with.energy_title(), "Total energy");
    assert_eq!(
        without.energy_title(),
        "Kinetic energy (your force gives no potential)"
    );
}

/// A force's parameter is a URL key of its own: it may take no name the lab's permalink reserves (a
/// parameter `details` would have its value read as the lab's `details=`), nor a tracking key's.
#[test]
fn no_force_parameter_can_be_a_reserved_url_key() {
    for name in integrator_lab::permalink::reserved().chain(["utm_source", "fbclid", "gclid"]) {
        let text = format!("param {name} = 1 in [0, 2]\nstart x = 1, v = 0\na = -x\n");
        assert!(
            error(&text).starts_with(&format!("line 1, column 7: '{name}' is taken")),
            "a force's parameter took the URL key {name}"
        );
    }
}
