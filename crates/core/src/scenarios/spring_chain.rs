//! A chain of n equal masses joined by equal springs, the first pinned and the last free: a rope or a strand
//! of hair (the comments on “True Physics”).
//!
//! Coordinates are displacements from rest along the chain. With `u0 ≡ 0` pinned,
//! `m u_i'' = k (u_{i−1} − 2u_i + u_{i+1})` for the inner masses and `m u_n'' = k (u_{n−1} − u_n)` for the free
//! end. The N = n − 1 moving masses have the normal modes `u_i ∝ sin(i θ_j)`, `θ_j = (2j − 1)π/(2N + 1)`,
//! with frequencies `ω_j = 2√(k/m) sin(θ_j/2)`, j = 1…N: the exact motion is the sum of the modes, each
//! oscillating on its own. Energy: ½ m Σ v_i² + ½ k Σ (u_{i+1} − u_i)². Defaults: n = 10, k = 100 N/m,
//! m = 0.1 kg, the chain stretched uniformly so its free end is `pull` = 0.1 m out, released at rest;
//! dt = 0.01 s for 10 s (the fastest mode has ω dt ≈ 0.62).

use super::{Energy, Param, Params, Prepared, Scenario, ScenarioInfo, Scene, Truth};
use crate::{articles, math, Coordinates, Force, State, System};

pub struct SpringChain;

static INFO: ScenarioInfo = ScenarioInfo {
    id: "spring-chain",
    title: "Spring chain",
    description: "Masses in a line joined by springs, the first pinned: a rope, stepped with many coupled springs at once.",
    articles: &[&articles::TRUE_PHYSICS],
    origin: "its comments",
    params: &[
        Param::new("n", "", 10.0, 2.0, 200.0, "number of masses, the pinned one included").integer(),
        Param::new("k", "N/m", 100.0, 0.0, 1e9, "stiffness of each spring").above(),
        Param::new("m", "kg", 0.1, 0.0, 1e6, "mass of each bead").above(),
        Param::new("pull", "m", 0.1, -1e6, 1e6, "initial displacement of the free end"),
    ],
    positions: &[],
    velocities: &[],
    position_unit: "m",
    velocity_unit: "m/s",
    energy_unit: "J",
    dt: 0.01,
    until: 10.0,
    oscillator: None,
    // The fastest normal mode, ω_N = 2√(k/m) sin(θ_N/2): it sets every method's stable step.
    fastest: Some(|p| {
        let big_n = p.get("n") - 1.0;
        let theta = (2.0 * big_n - 1.0) * std::f64::consts::PI / (2.0 * big_n + 1.0);
        2.0 * (p.get("k") / p.get("m")).sqrt() * math::sin(0.5 * theta)
    }),
    scene: Scene::Chain,
    truth: Truth::Exact,
};

fn count(p: &Params) -> usize {
    p.get("n") as usize
}

impl Scenario for SpringChain {
    fn info(&self) -> &'static ScenarioInfo {
        &INFO
    }

    fn coordinates(&self, p: &Params) -> Coordinates {
        let n = count(p);
        Coordinates {
            positions: (1..=n).map(|i| format!("x{i}")).collect(),
            velocities: (1..=n).map(|i| format!("v{i}")).collect(),
        }
    }

    fn system(&self, p: &Params) -> System<f64> {
        System::new(
            count(p),
            vec![Force::Chain {
                k_over_m: p.get("k") / p.get("m"),
            }],
        )
    }

    fn initial(&self, p: &Params) -> State<f64> {
        let n = count(p);
        let pull = p.get("pull");
        let x = (0..n).map(|i| pull * i as f64 / (n - 1) as f64).collect();
        State::new(x, vec![0.0; n])
    }

    fn energy(&self, p: &Params, s: &State<f64>) -> Energy {
        let stretch: f64 = s.x.windows(2).map(|w| (w[1] - w[0]) * (w[1] - w[0])).sum();
        Energy {
            kinetic: super::kinetic(p.get("m"), &s.v),
            potential: 0.5 * p.get("k") * stretch,
        }
    }

    fn exact(&self, p: &Params, t: f64, out: &mut State<f64>) -> bool {
        Modes::of(p).state_at(t, out);
        true
    }

    fn exact_prepared(&self, p: &Params) -> Option<Prepared> {
        // The modes once; then only their cosines at each time.
        let modes = Modes::of(p);
        Some(Box::new(move |t, out| modes.state_at(t, out)))
    }

    fn exact_extent(
        &self,
        p: &Params,
        until: f64,
        samples: u64,
        positions: &[usize],
    ) -> Option<Vec<(f64, f64)>> {
        Some(Modes::of(p).extent(until, samples, positions))
    }
}

/// The chain's normal modes at its parameters: each mode's frequency, its amplitude at the release (at rest),
/// and its shape `sin(i θ_j)`, i = 1…N.
struct Modes {
    omega: Vec<f64>,
    q0: Vec<f64>,
    shapes: Vec<Vec<f64>>,
}

impl Modes {
    fn of(p: &Params) -> Self {
        let big_n = count(p) - 1;
        let w0 = (p.get("k") / p.get("m")).sqrt();
        let pull = p.get("pull");
        // The release state: uniformly stretched (see `initial`), at rest.
        let start = |i: usize| pull * i as f64 / big_n as f64;
        let mut modes = Modes {
            omega: Vec::with_capacity(big_n),
            q0: Vec::with_capacity(big_n),
            shapes: Vec::with_capacity(big_n),
        };
        for j in 1..=big_n {
            let theta = (2 * j - 1) as f64 * std::f64::consts::PI / (2 * big_n + 1) as f64;
            let shape: Vec<f64> = (1..=big_n).map(|i| math::sin(i as f64 * theta)).collect();
            let norm: f64 = shape.iter().map(|s| s * s).sum();
            let q0: f64 = shape
                .iter()
                .enumerate()
                .map(|(k, s)| s * start(k + 1))
                .sum::<f64>()
                / norm;
            modes.omega.push(2.0 * w0 * math::sin(0.5 * theta));
            modes.q0.push(q0);
            modes.shapes.push(shape);
        }
        modes
    }

    /// Each of `positions`' smallest and largest value at `samples` + 1 evenly spaced times over
    /// [0, `until`]. Released at rest, mode j is `q0_j cos(ω_j t)`: its phase at the next time is the last one
    /// turned by `ω_j h`, a rotation instead of a cosine (its rounding grows by about an ulp a turn: under
    /// 1e-12 of the amplitude over 4000 times), and a position is a sum over the modes alone, so the cost is
    /// (modes × positions asked) a time, not (modes × masses).
    fn extent(&self, until: f64, samples: u64, positions: &[usize]) -> Vec<(f64, f64)> {
        let h = until / samples as f64;
        let turns: Vec<(f64, f64)> = self
            .omega
            .iter()
            .map(|&w| {
                let (s, c) = math::sin_cos(w * h);
                (c, s)
            })
            .collect();
        // A position's weight on each mode (the pinned mass, 0, has none); a position past the chain has no
        // value, as in a state (NaN bounds).
        let weights: Vec<Vec<f64>> = positions
            .iter()
            .map(|&k| {
                let weight = |(q0, shape): (&f64, &Vec<f64>)| match k {
                    0 => 0.0,
                    k => shape.get(k - 1).map_or(f64::NAN, |s| q0 * s),
                };
                self.q0.iter().zip(&self.shapes).map(weight).collect()
            })
            .collect();
        let mut phases = vec![(1.0, 0.0); self.omega.len()];
        let mut bounds = vec![(f64::INFINITY, f64::NEG_INFINITY); positions.len()];
        for _ in 0..=samples {
            for (b, w) in bounds.iter_mut().zip(&weights) {
                let x: f64 = w.iter().zip(&phases).map(|(w, (c, _))| w * c).sum();
                *b = (b.0.min(x), b.1.max(x));
            }
            for ((c, s), (tc, ts)) in phases.iter_mut().zip(&turns) {
                (*c, *s) = (*c * tc - *s * ts, *s * tc + *c * ts);
            }
        }
        for (b, w) in bounds.iter_mut().zip(&weights) {
            if w.iter().any(|w| w.is_nan()) {
                *b = (f64::NAN, f64::NAN);
            }
        }
        bounds
    }

    /// The sum of the modes at time t (the pinned mass stays at 0).
    fn state_at(&self, t: f64, out: &mut State<f64>) {
        out.x
            .iter_mut()
            .chain(out.v.iter_mut())
            .for_each(|q| *q = 0.0);
        for ((&omega, &q0), shape) in self.omega.iter().zip(&self.q0).zip(&self.shapes) {
            let (q, qv) = super::spring::oscillate(omega, q0, 0.0, t);
            for (i, &s) in shape.iter().enumerate() {
                out.x[i + 1] += q * s;
                out.v[i + 1] += qv * s;
            }
        }
    }
}
