//! The shadow energy: each symplectic method keeps, on the spring and on the dog on a rod, a nearby energy
//! exactly (to round-off over 10⁵ steps) while its energy wobbles; its closed forms are the textbook ones;
//! and the lab claims none where it does not know one.

use integrator_lab::shadow::shadow_energy;
use integrator_lab::{Method, MethodId, Run, Setup};

fn symplectic() -> Vec<MethodId> {
    MethodId::ALL
        .into_iter()
        .filter(|m| m.info().symplectic)
        .collect()
}

/// Over 10⁵ steps the shadow energy moves by round-off only (relative 1e-11), while the energy itself
/// moves by far more (at least 1e-8, and a thousand times the shadow's): on the spring (1-D) and the dog on
/// a rod (2-D, a circle, where the energy wobbles least), at two steps each.
#[test]
fn each_symplectic_method_keeps_its_shadow_energy_to_round_off() {
    for (scenario, dts) in [("spring", [0.05, 0.2]), ("orbit", [0.5, 1.0])] {
        for dt in dts {
            let setup = Setup::new(scenario, &[], Some(dt), Some(1e5 * dt)).unwrap();
            for m in symplectic() {
                let method = Method::from(m);
                let shadow = shadow_energy(&setup, &method)
                    .unwrap_or_else(|| panic!("{scenario}: {} has a shadow energy", m.id()));
                let mut run = Run::<f64>::new(&setup, m);
                run.step();
                let (s0, e0) = (
                    shadow.at(&run.state().x, &run.state().v),
                    setup.energy(run.state()).total(),
                );
                let (mut shadow_off, mut energy_off) = (0.0f64, 0.0f64);
                while run.steps() < setup.steps() && run.step() {
                    let s = run.state();
                    shadow_off = shadow_off.max((shadow.at(&s.x, &s.v) - s0).abs() / s0.abs());
                    energy_off = energy_off.max((setup.energy(s).total() - e0).abs() / e0.abs());
                }
                assert_eq!(run.steps(), setup.steps(), "{scenario} {} dt {dt}", m.id());
                assert!(
                    shadow_off < 1e-11,
                    "{scenario} {} dt {dt}: shadow moved {shadow_off:e}",
                    m.id()
                );
                assert!(
                    energy_off > 1e-8 && energy_off > 1e3 * shadow_off,
                    "{scenario} {} dt {dt}: energy moved {energy_off:e}, shadow {shadow_off:e}",
                    m.id()
                );
            }
        }
    }
}

/// Symplectic Euler's is ½mv² + ½kx² − ½k·dt·x·v; position and velocity Verlet's ½mv² + ½kx²(1 − ω²dt²/4).
#[test]
fn the_shadow_energies_are_the_textbook_ones() {
    let (k, m, dt) = (4.0, 0.5, 0.1);
    let setup = Setup::new(
        "spring",
        &[("k".into(), k), ("m".into(), m)],
        Some(dt),
        Some(1.0),
    )
    .unwrap();
    let omega2 = k / m;
    for (x, v) in [(0.3, -1.2), (1.0, 0.0), (-0.7, 2.5)] {
        let euler = shadow_energy(&setup, &MethodId::SymplecticEuler.into())
            .unwrap()
            .at(&[x], &[v]);
        let expected = 0.5 * m * v * v + 0.5 * k * x * x - 0.5 * k * dt * x * v;
        assert!(
            (euler - expected).abs() <= 1e-12 * expected.abs(),
            "{euler} vs {expected}"
        );
        for verlet in [MethodId::Verlet, MethodId::VelocityVerlet] {
            let shadow = shadow_energy(&setup, &verlet.into())
                .unwrap()
                .at(&[x], &[v]);
            let expected = 0.5 * m * v * v + 0.5 * k * x * x * (1.0 - omega2 * dt * dt / 4.0);
            assert!(
                (shadow - expected).abs() <= 1e-12 * expected.abs(),
                "{}: {shadow} vs {expected}",
                verlet.id()
            );
        }
    }
}

/// No shadow energy is claimed for a method that is not symplectic, nor where the forces are not one
/// undamped linear spring (damping, gravity, a pendulum, a chain).
#[test]
fn none_is_claimed_where_none_is_known() {
    let spring = Setup::defaults("spring").unwrap();
    for m in MethodId::ALL.into_iter().filter(|m| !m.info().symplectic) {
        assert!(shadow_energy(&spring, &m.into()).is_none(), "{}", m.id());
    }
    for scenario in [
        "damped-spring",
        "constant-force",
        "pendulum",
        "spring-chain",
        "kepler",
        "drag",
    ] {
        let setup = Setup::defaults(scenario).unwrap();
        for m in symplectic() {
            assert!(
                shadow_energy(&setup, &m.into()).is_none(),
                "{scenario} {}",
                m.id()
            );
        }
    }
}
