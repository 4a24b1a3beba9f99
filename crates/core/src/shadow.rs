//! The shadow energy. A symplectic method does not keep the energy: it keeps a nearby one, exactly. Where
//! the lab knows it, the energy view draws it as a dotted companion of the method's energy: a flat line
//! under a wobbling one.
//!
//! It is known here on a linear undamped oscillator: one undamped [`Force::Linear`] acting on every
//! coordinate with one ω², as on the spring and the dog on a rod. There each step of a method is one linear
//! map M on every pair (xᵢ − anchorᵢ, vᵢ), the same for each coordinate, with determinant 1 for a symplectic
//! method. Writing M = [[a, b], [c, d]], the quadratic form
//!
//! ```text
//! Q(x, v) = c x² + (d − a) x v − b v²
//! ```
//!
//! is kept by the map (it is Mᵀ J M = J written out for 2 × 2). Scaled by −m/(2b), it reads as an energy,
//! and tends to ½ m v² + ½ k x² as dt → 0. For symplectic Euler, whose map is
//! [[1 − ω²dt², dt], [−ω²dt, 1]], it is ½ m v² + ½ k x² − ½ k dt x v. For position and velocity Verlet it is
//! ½ m v² + ½ k x² (1 − ω²dt²/4).
//!
//! M is measured, not derived: the method steps a unit oscillator from two starts, and the map from its
//! first step to its second is M. That skips a method's own start (position Verlet's first step, leapfrog's
//! half kick), and it holds for any method whose reported (x, v) evolve linearly, the lab's own and Forest–
//! Ruth's substeps alike.

use crate::{Force, Method, Setup, State, System};

/// A method's shadow energy on a setup: `H̃ = Σᵢ xx·(xᵢ − cᵢ)² + xv·(xᵢ − cᵢ) vᵢ + vv·vᵢ²`.
#[derive(Clone, Debug, PartialEq)]
pub struct Shadow {
    pub xx: f64,
    pub xv: f64,
    pub vv: f64,
    anchor: Vec<f64>,
}

impl Shadow {
    /// The shadow energy of a state.
    pub fn at(&self, x: &[f64], v: &[f64]) -> f64 {
        x.iter()
            .zip(v)
            .zip(&self.anchor)
            .map(|((&x, &v), &c)| {
                let y = x - c;
                self.xx * y * y + self.xv * y * v + self.vv * v * v
            })
            .sum()
    }
}

/// The shadow energy a method keeps on a setup, where the lab knows it: a symplectic method on a linear
/// undamped oscillator whose energy is ½ m |v|² + ½ m ω² |x − anchor|². `None` elsewhere.
pub fn shadow_energy(setup: &Setup, method: &Method) -> Option<Shadow> {
    if !method.builtin().is_some_and(|m| m.info().symplectic) {
        return None;
    }
    let system = setup.system();
    let [Force::Linear {
        first: 0,
        anchor,
        omega2,
        gamma,
    }] = system.forces.as_slice()
    else {
        return None;
    };
    let dim = system.dim;
    if *gamma != 0.0 || anchor.len() != dim || *omega2 <= 0.0 {
        return None;
    }
    // The energy must be the oscillator's: m from the kinetic energy of a unit velocity, and the potential
    // of a unit displacement ½ m ω².
    let mut probe = State::new(anchor.clone(), vec![0.0; dim]);
    probe.v[0] = 1.0;
    let m = 2.0 * setup.energy(&probe).kinetic;
    probe.v[0] = 0.0;
    probe.x[0] += 1.0;
    let potential = setup.energy(&probe).potential;
    let oscillator = m > 0.0 && (potential - 0.5 * m * omega2).abs() <= 1e-12 * potential.abs();
    if !oscillator {
        return None;
    }
    let (a, b, c, d) = map(method, *omega2, setup.dt)?;
    if b == 0.0 {
        return None;
    }
    let scale = -m / (2.0 * b);
    Some(Shadow {
        xx: scale * c,
        xv: scale * (d - a),
        vv: -scale * b,
        anchor: anchor.clone(),
    })
}

/// The map [[a, b], [c, d]] of one step of `method` at `dt` on x'' = −ω² x, from its first step to its
/// second.
fn map(method: &Method, omega2: f64, dt: f64) -> Option<(f64, f64, f64, f64)> {
    let system = System::new(
        1,
        vec![Force::Linear {
            first: 0,
            anchor: vec![0.0],
            omega2,
            gamma: 0.0,
        }],
    );
    let steps = |x0: f64, v0: f64| {
        let mut integrator = method.build::<f64>(&system);
        let mut state = State::new(vec![x0], vec![v0]);
        integrator.start(&system, 0.0, &state);
        integrator.step(&system, 0.0, dt, &mut state);
        let first = (state.x[0], state.v[0]);
        integrator.step(&system, dt, dt, &mut state);
        (first, (state.x[0], state.v[0]))
    };
    // M S1 = S2, the columns of S1 the two first states and of S2 the two second ones.
    let ((p, q), (p2, q2)) = steps(1.0, 0.0);
    let ((r, s), (r2, s2)) = steps(0.0, 1.0);
    let det = p * s - r * q;
    if !det.is_finite() || det.abs() < 1e-300 {
        return None;
    }
    // S1⁻¹ = [[s, −r], [−q, p]] / det.
    let a = (p2 * s - r2 * q) / det;
    let b = (r2 * p - p2 * r) / det;
    let c = (q2 * s - s2 * q) / det;
    let d = (s2 * p - q2 * r) / det;
    [a, b, c, d]
        .iter()
        .all(|z| z.is_finite())
        .then_some((a, b, c, d))
}
