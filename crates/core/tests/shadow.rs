//! The shadow energy: each symplectic method keeps, on the spring and on the dog on a rod, a nearby energy
//! exactly (to round-off over 10⁵ steps) while its energy wobbles; its closed forms are the textbook ones;
//! elsewhere its modified energy's first terms are kept to their stated order on every scenario where the
//! lab shows them; and the lab claims none where it does not know one.

use integrator_lab::scenarios;
use integrator_lab::shadow::{shadow_energy, Shadow};
use integrator_lab::{Force, Method, MethodId, Run, Setup, State};

/// A state's shadow energy.
fn shadow_at(shadow: &Shadow, setup: &Setup, s: &State<f64>) -> f64 {
    shadow.at(&s.x, &s.v, setup.energy(s).total())
}

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
                    shadow_at(&shadow, &setup, run.state()),
                    setup.energy(run.state()).total(),
                );
                let (mut shadow_off, mut energy_off) = (0.0f64, 0.0f64);
                while run.steps() < setup.steps() && run.step() {
                    let s = run.state();
                    shadow_off =
                        shadow_off.max((shadow_at(&shadow, &setup, s) - s0).abs() / s0.abs());
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
        let state = State::new(vec![x], vec![v]);
        let euler = shadow_energy(&setup, &MethodId::SymplecticEuler.into()).unwrap();
        assert_eq!(euler.order(), None, "kept exactly");
        let euler = shadow_at(&euler, &setup, &state);
        let expected = 0.5 * m * v * v + 0.5 * k * x * x - 0.5 * k * dt * x * v;
        assert!(
            (euler - expected).abs() <= 1e-12 * expected.abs(),
            "{euler} vs {expected}"
        );
        for verlet in [MethodId::Verlet, MethodId::VelocityVerlet] {
            let shadow = shadow_at(
                &shadow_energy(&setup, &verlet.into()).unwrap(),
                &setup,
                &state,
            );
            let expected = 0.5 * m * v * v + 0.5 * k * x * x * (1.0 - omega2 * dt * dt / 4.0);
            assert!(
                (shadow - expected).abs() <= 1e-12 * expected.abs(),
                "{}: {shadow} vs {expected}",
                verlet.id()
            );
        }
    }
}

/// Where the forces are conservative but not one linear spring, the modified energy's first terms are kept
/// to their stated order: its range over a run shrinks as dt^order (2 for symplectic Euler and leapfrog, 4
/// for the Verlet family), measured at dt and dt/2 on every scenario where the lab shows it, and it is far
/// flatter than the energy. Where the lab says they are kept exactly (affine forces), they are kept to
/// round-off.
#[test]
fn the_modified_energy_is_kept_to_its_stated_order_wherever_it_is_shown() {
    // The shadow's and the energy's ranges over a run after its first step (a method's own start is not
    // its map), and the energy's size.
    let ranges = |id: &str, params: &[(String, f64)], m: MethodId, dt: f64, span: f64| {
        let setup = Setup::new(id, params, Some(dt), Some(span)).unwrap();
        let shadow = shadow_energy(&setup, &m.into()).unwrap();
        let mut run = Run::<f64>::new(&setup, m);
        run.step();
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        let (mut elo, mut ehi) = (f64::INFINITY, f64::NEG_INFINITY);
        loop {
            let (h, e) = (
                shadow_at(&shadow, &setup, run.state()),
                setup.energy(run.state()).total(),
            );
            (lo, hi, elo, ehi) = (lo.min(h), hi.max(h), elo.min(e), ehi.max(e));
            if run.steps() >= setup.steps() || !run.step() {
                break;
            }
        }
        assert_eq!(run.steps(), setup.steps(), "{id} {} dt {dt}", m.id());
        (hi - lo, ehi - elo, ehi.abs().max(elo.abs()))
    };
    // Every scenario at its defaults, and Kepler far from its units (a sun a million times heavier, an
    // orbit a thousand times smaller), each with its time scaled to keep dt's share of an orbit.
    type Case = (&'static str, Vec<(String, f64)>, f64);
    let mut cases: Vec<Case> = scenarios::all()
        .iter()
        .map(|s| (s.info().id, vec![], 1.0))
        .collect();
    cases.push(("kepler", vec![("GM".into(), 1e6)], 1e-3));
    cases.push(("kepler", vec![("r0".into(), 1e-3)], 1e-3f64.powf(1.5)));
    let mut shown = Vec::new();
    for (id, params, scale) in cases {
        let base = Setup::defaults(id).unwrap();
        let defaults =
            Setup::new(id, &params, Some(base.dt * scale), Some(base.until * scale)).unwrap();
        let span = defaults.until.min(2000.0 * defaults.dt);
        for m in symplectic() {
            let Some(shadow) = shadow_energy(&defaults, &m.into()) else {
                continue;
            };
            shown.push(format!("{id} {}", m.id()));
            let Some(order) = shadow.order() else {
                let (range, energy, size) = ranges(id, &params, m, defaults.dt, span);
                assert!(
                    range <= 1e-12 * size,
                    "{id} {}: said exact, moved {range:e} (energy {energy:e})",
                    m.id()
                );
                continue;
            };
            // A dt at which the shadow's range at dt/2 stands well above round-off (a part in 10⁹ of the
            // energy), so that the ratio measures the truncation.
            let mut dt = defaults.dt / 2.0;
            let (mut coarse, mut energy, mut size) = ranges(id, &params, m, dt, span);
            let mut fine = ranges(id, &params, m, dt / 2.0, span).0;
            while fine < 1e-9 * size && dt < 16.0 * defaults.dt {
                dt *= 2.0;
                (coarse, energy, size) = ranges(id, &params, m, dt, span);
                fine = ranges(id, &params, m, dt / 2.0, span).0;
            }
            let measured = (coarse / fine).log2();
            assert!(
                (measured - f64::from(order)).abs() <= 0.35,
                "{id} {params:?} {} dt {dt}: stated order {order}, measured {measured:.2} (ranges {coarse:e}, {fine:e})",
                m.id()
            );
            assert!(
                coarse < 0.1 * energy,
                "{id} {params:?} {} dt {dt}: shadow range {coarse:e} against the energy's {energy:e}",
                m.id()
            );
        }
    }
    // Shown on every conservative scenario: gravity alone, springs, the chain, the pendulum, Kepler.
    for expected in [
        "constant-force symplectic-euler",
        "projectile velocity-verlet",
        "two-springs leapfrog",
        "pendulum symplectic-euler",
        "pendulum verlet",
        "kepler velocity-verlet",
        "spring-chain leapfrog",
        "spring-chain velocity-verlet",
    ] {
        assert!(
            shown.iter().any(|s| s == expected),
            "{expected} in {shown:?}"
        );
    }
}

/// No shadow energy is claimed for a method that is not symplectic, nor where a force is not conservative
/// or reads v or t (damping, drag, a thruster) or the kinetic energy is not Σ ½ mᵢ vᵢ² (the double
/// pendulum); Forest–Ruth's is given only where it is kept exactly.
#[test]
fn none_is_claimed_where_none_is_known() {
    let spring = Setup::defaults("spring").unwrap();
    for m in MethodId::ALL.into_iter().filter(|m| !m.info().symplectic) {
        assert!(shadow_energy(&spring, &m.into()).is_none(), "{}", m.id());
    }
    for scenario in ["damped-spring", "drag", "lunar-lander", "double-pendulum"] {
        let setup = Setup::defaults(scenario).unwrap();
        for m in symplectic() {
            assert!(
                shadow_energy(&setup, &m.into()).is_none(),
                "{scenario} {}",
                m.id()
            );
        }
    }
    for scenario in ["pendulum", "kepler", "spring-chain"] {
        let setup = Setup::defaults(scenario).unwrap();
        assert!(
            shadow_energy(&setup, &MethodId::ForestRuth.into()).is_none(),
            "{scenario}"
        );
    }
}

/// A session's shadow series is each recorded row's shadow energy, shifted to start at the track's energy,
/// worked out as rows come (asked for part-way, then again), for tracks from the start and a track that
/// joins mid-run; none for a method whose shadow the lab does not know.
#[test]
fn a_sessions_shadow_series_is_each_rows_shadow_energy() {
    use integrator_lab::{Precision, Session};
    let setup = Setup::new("pendulum", &[], Some(0.05), Some(20.0)).unwrap();
    let runs = [(MethodId::SymplecticEuler, None), (MethodId::Rk4, None)];
    let mut session = Session::new(setup.clone(), &runs, Precision::F64).unwrap();
    let expected = |session: &Session, track: usize, method: MethodId| -> Vec<f64> {
        let shadow = shadow_energy(&setup, &method.into()).unwrap();
        let h = session.history(track).unwrap();
        // Shifted to start at the track's energy.
        let start = State::new(vec![h.column(1)[0]], vec![h.column(2)[0]]);
        let offset = setup.energy(&start).total() - shadow.at_start(&setup, &start.x, &start.v);
        (0..h.rows())
            .map(|r| {
                let s = State::new(vec![h.column(1)[r]], vec![h.column(2)[r]]);
                if r == 0 {
                    setup.energy(&s).total()
                } else {
                    shadow_at(&shadow, &setup, &s) + offset
                }
            })
            .collect()
    };
    session.advance(100);
    let want = expected(&session, 0, MethodId::SymplecticEuler);
    assert_eq!(session.shadow(0).unwrap(), want);
    session.insert(1, MethodId::VelocityVerlet).unwrap();
    session.advance(150);
    for (track, method) in [
        (0, MethodId::SymplecticEuler),
        (1, MethodId::VelocityVerlet),
    ] {
        let want = expected(&session, track, method);
        assert_eq!(want.len(), session.history(track).unwrap().rows());
        assert_eq!(session.shadow(track).unwrap(), want, "{}", method.id());
    }
    assert_eq!(session.shadow_of(1).and_then(|s| s.order()), Some(4));
    assert!(session.shadow(2).is_none(), "rk4 keeps none");
}

/// Leapfrog reports its start's own velocity, not the one half a step before with which it keeps its
/// shadow energy: the series' first point is taken there, and lies on the flat line with the rest.
#[test]
fn leapfrogs_shadow_series_starts_on_its_flat_line() {
    use integrator_lab::{Precision, Session};
    for scenario in ["spring", "pendulum", "constant-force", "spring-chain"] {
        let setup = Setup::defaults(scenario).unwrap();
        let runs = [(MethodId::Leapfrog, None)];
        let mut session = Session::new(setup.clone(), &runs, Precision::F64).unwrap();
        session.advance(200.min(setup.steps()));
        let dim = setup.system().dim;
        let energy = session.history(0).unwrap().column(1 + 2 * dim).to_vec();
        let series = session.shadow(0).unwrap();
        let range = |v: &[f64]| {
            v.iter().fold(f64::NEG_INFINITY, |m, &z| m.max(z))
                - v.iter().fold(f64::INFINITY, |m, &z| m.min(z))
        };
        let (first, rest) = (series[0], &series[1..]);
        let (lo, hi) = (
            rest.iter().fold(f64::INFINITY, |m, &z| m.min(z)),
            rest.iter().fold(f64::NEG_INFINITY, |m, &z| m.max(z)),
        );
        let size = energy.iter().fold(0.0f64, |m, &z| m.max(z.abs()));
        let slack = 1e-12 * size + 0.01 * range(&energy);
        assert!(
            first >= lo - slack && first <= hi + slack,
            "{scenario}: first {first} outside [{lo}, {hi}]"
        );
    }
}

/// Past its stability limit a method's step on a linear oscillator has an eigenvalue of modulus above 1: what it
/// keeps takes both signs, so it is no energy near the true one, and its run grows away from every energy
/// until rounding eats the kept quantity's digits (on the spring at dt = 0.6, symplectic Euler's dotted line
/// had dropped to nothing and back near t = 60 s). So no shadow is drawn there, and the lab says why; just
/// inside the limit it still is. On every scenario with linear forces and a stated limit (an oscillator, or
/// the chain's fastest mode) and every symplectic method that has a shadow there at the scenario's own dt.
/// The pendulum's limit is its small swing's, which says nothing of its large one (position Verlet at 3 %
/// past it keeps its energy): its shadow is drawn at any dt.
#[test]
fn past_the_stability_limit_no_shadow_is_drawn() {
    use integrator_lab::analysis::stability_limit_on;
    use integrator_lab::shadow::missing;
    use integrator_lab::StabilityLimit;
    let mut checked = 0;
    for scenario in scenarios::all() {
        let info = scenario.info();
        let Ok(defaults) = Setup::defaults(info.id) else {
            continue;
        };
        let Some(omega) = defaults.omega() else {
            continue;
        };
        for m in symplectic() {
            let Some(StabilityLimit::Below(limit)) = stability_limit_on(m, &defaults) else {
                continue;
            };
            let conservative = defaults.system().forces.iter().all(|f| match f {
                Force::Linear { gamma, .. } => *gamma == 0.0,
                _ => true,
            });
            if shadow_energy(&defaults, &m.into()).is_none() {
                // Forest–Ruth on the chain and on two springs has none at the scenario's own dt (its first term
                // is not worked out there), but past its limit the page says the reason that matters.
                let at = limit * 1.03 / omega;
                let past = Setup::new(info.id, &[], Some(at), Some(1000.0 * at)).unwrap();
                let linear = past.system().forces.iter().all(|f| {
                    matches!(
                        f,
                        Force::Linear { .. } | Force::Chain { .. } | Force::Uniform { .. }
                    )
                });
                if linear && conservative {
                    let why = missing(&past, &m.into()).expect("a reason");
                    assert!(
                        why.contains("stability limit"),
                        "{} {}: {why}",
                        info.id,
                        m.id()
                    );
                }
                continue;
            }
            let at = |factor: f64| {
                let dt = factor * limit / omega;
                Setup::new(info.id, &[], Some(dt), Some(1000.0 * dt)).unwrap()
            };
            let (inside, past) = (at(0.97), at(1.03));
            let linear = defaults.system().forces.iter().all(|f| {
                matches!(
                    f,
                    Force::Linear { .. } | Force::Chain { .. } | Force::Uniform { .. }
                )
            });
            if !linear {
                assert!(shadow_energy(&past, &m.into()).is_some(), "{}", info.id);
                continue;
            }
            assert!(
                shadow_energy(&inside, &m.into()).is_some(),
                "{} {}: a shadow just inside the limit",
                info.id,
                m.id()
            );
            assert!(
                shadow_energy(&past, &m.into()).is_none(),
                "{} {}: no shadow past the limit",
                info.id,
                m.id()
            );
            let why = missing(&past, &m.into()).expect("a reason");
            assert!(why.contains("stability limit"), "{why}");
            // The reason is true: past the limit the run's energy grows without bound (to a hundred times its
            // start within 1000 steps at 3 % past it), where just inside it stays bounded (near the limit it swings widely,
            // but no wider in the run's second half than in its first).
            let (most, halves) = energies(&past, m);
            assert!(most > 100.0, "{} {}: {most}", info.id, m.id());
            let (_, kept) = energies(&inside, m);
            assert!(kept < 1.5, "{} {}: {kept} {halves}", info.id, m.id());
            checked += 1;
        }
    }
    // The spring, the dog on a rod, two springs and the chain, each with its symplectic methods.
    assert!(checked >= 15, "{checked} cases");
}

/// At the limit itself (ω·dt = 2 on a spring of ω = 1) the Verlets, whose (x, v) are the same, get the same
/// verdict: a shadow, since their run from rest stays bounded (position Verlet's swings between ±x₀ with its
/// energy kept), though the measured limits differ in the eighth digit. Leapfrog's and symplectic Euler's too.
#[test]
fn at_the_limit_itself_the_shadow_is_drawn_alike() {
    let setup = Setup::new("spring", &[("k".to_string(), 1.0)], Some(2.0), Some(2000.0)).unwrap();
    for m in [
        MethodId::SymplecticEuler,
        MethodId::Verlet,
        MethodId::VelocityVerlet,
        MethodId::Leapfrog,
    ] {
        assert!(shadow_energy(&setup, &m.into()).is_some(), "{}", m.id());
    }
    let mut run = Run::<f64>::new(&setup, MethodId::Verlet);
    let e0 = setup.energy(run.state()).total();
    while run.steps() < setup.steps() && run.step() {
        let e = setup.energy(run.state()).total();
        assert!((e - e0).abs() <= 1e-9 * e0, "{e} against {e0}");
    }
}

/// A run's largest |energy| over its start's, and the largest in its second half over that in its first.
fn energies(setup: &Setup, m: MethodId) -> (f64, f64) {
    let mut run = Run::<f64>::new(setup, m);
    let start = setup.energy(run.state()).total().abs();
    let mut most = [0.0f64; 2];
    while run.steps() < setup.steps() && run.step() {
        let half = usize::from(2 * run.steps() > setup.steps());
        most[half] = most[half].max(setup.energy(run.state()).total().abs());
    }
    (most[0].max(most[1]) / start, most[1] / most[0])
}

/// Where a force keeps a symplectic method from having a shadow energy, the reason given names that force,
/// and what it says of the run is true: damping and drag take energy out (the run's energy falls) and a
/// thruster's burn changes it; on the double pendulum the method is not symplectic (see
/// `the_double_pendulums_steps_are_not_symplectic`).
#[test]
fn a_missing_shadow_names_the_force_that_lacks_it() {
    use integrator_lab::shadow::missing;
    let cases = [
        ("damped-spring", "damping or drag"),
        ("drag", "damping or drag"),
        ("lunar-lander", "a thruster here burns"),
        ("double-pendulum", "the method is not symplectic on it"),
    ];
    for (scenario, said) in cases {
        let setup = Setup::new(scenario, &[], None, None).unwrap();
        for m in symplectic() {
            let why = missing(&setup, &m.into()).expect("a reason");
            assert!(why.contains(said), "{scenario} {}: {why}", m.id());
            if scenario == "double-pendulum" {
                continue;
            }
            let mut run = Run::<f64>::new(&setup, m);
            let start = setup.energy(run.state()).total();
            while run.steps() < setup.steps() && run.step() {}
            let end = setup.energy(run.state()).total();
            if scenario == "lunar-lander" {
                assert!(end != start, "{scenario} {}", m.id());
            } else {
                assert!(end < start, "{scenario} {}: {start} → {end}", m.id());
            }
        }
    }
}

/// One step of `m` on the double pendulum, as a map of the canonical coordinates (θ₁, θ₂, p₁, p₂), where
/// pᵢ = ∂T/∂θ̇ᵢ: the Jacobian's determinant (a symplectic map's is 1), by central differences.
fn canonical_step_determinant(setup: &Setup, m: MethodId, at: [f64; 4]) -> f64 {
    let system = setup.system();
    let Some(&Force::DoublePendulum { l1, l2, m1, m2, .. }) = system.forces.first() else {
        panic!("not the double pendulum")
    };
    // T = ½(m₁+m₂)l₁²ω₁² + ½m₂l₂²ω₂² + m₂l₁l₂ω₁ω₂cos(θ₁−θ₂): p = M(θ) ω.
    let mass = |t1: f64, t2: f64| {
        let c = m2 * l1 * l2 * (t1 - t2).cos();
        [(m1 + m2) * l1 * l1, c, c, m2 * l2 * l2]
    };
    let step = |y: [f64; 4]| -> [f64; 4] {
        let [a, b, c, d] = mass(y[0], y[1]);
        let det = a * d - b * c;
        let omega = [(d * y[2] - b * y[3]) / det, (a * y[3] - c * y[2]) / det];
        let mut state = State::new(vec![y[0], y[1]], omega.to_vec());
        let mut method = m.build::<f64>(2);
        method.start(&system, 0.0, &state);
        method.step(&system, 0.0, setup.dt, &mut state);
        let [a, b, c, d] = mass(state.x[0], state.x[1]);
        [
            state.x[0],
            state.x[1],
            a * state.v[0] + b * state.v[1],
            c * state.v[0] + d * state.v[1],
        ]
    };
    let h = 1e-6;
    let mut j = [[0.0; 4]; 4];
    for k in 0..4 {
        let (mut up, mut down) = (at, at);
        up[k] += h;
        down[k] -= h;
        let (u, d) = (step(up), step(down));
        for i in 0..4 {
            j[i][k] = (u[i] - d[i]) / (2.0 * h);
        }
    }
    // The determinant by cofactors along the first row.
    let minor = |skip: usize| {
        let cols: Vec<usize> = (0..4).filter(|&c| c != skip).collect();
        let r = |i: usize, k: usize| j[i][cols[k]];
        r(1, 0) * (r(2, 1) * r(3, 2) - r(2, 2) * r(3, 1))
            - r(1, 1) * (r(2, 0) * r(3, 2) - r(2, 2) * r(3, 0))
            + r(1, 2) * (r(2, 0) * r(3, 1) - r(2, 1) * r(3, 0))
    };
    (0..4)
        .map(|k| [1.0, -1.0, 1.0, -1.0][k] * j[0][k] * minor(k))
        .sum()
}

/// "Not symplectic on it", as the page says of the double pendulum, is true: one step of symplectic Euler or
/// velocity Verlet on the angles and their rates, seen in the canonical coordinates, does not keep phase
/// volume. At the scenario's dt the Jacobian's determinant is off 1 by a hundred times what the differences
/// themselves are off by (read at a step of 10⁻⁷ s), and shrinks with dt as a method's own error does, not as
/// noise: halving dt divides it by about 4 for symplectic Euler (dt²) and by 8 to 16 for velocity Verlet
/// (dt³ and a dt⁴ term).
#[test]
fn the_double_pendulums_steps_are_not_symplectic() {
    let at = [2.0, 1.0, 0.5, -0.3];
    let off = |m: MethodId, dt: f64| {
        let setup = Setup::new("double-pendulum", &[], Some(dt), Some(1.0)).unwrap();
        (canonical_step_determinant(&setup, m, at) - 1.0).abs()
    };
    let dt = Setup::new("double-pendulum", &[], None, None).unwrap().dt;
    for (m, shrinks) in [
        (MethodId::SymplecticEuler, 3.6..4.4),
        (MethodId::VelocityVerlet, 7.2..17.6),
    ] {
        let (floor, here, half) = (off(m, 1e-7), off(m, dt), off(m, dt / 2.0));
        assert!(
            here > 100.0 * floor,
            "{}: {here:e} against {floor:e}",
            m.id()
        );
        let ratio = here / half;
        assert!(
            shrinks.contains(&ratio),
            "{}: halving dt divides it by {ratio}",
            m.id()
        );
    }
}
