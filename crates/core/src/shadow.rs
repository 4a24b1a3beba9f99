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
//!
//! Elsewhere, where every force is conservative and reads neither the velocity nor the time (gravity, the
//! pendulum, Kepler's sun, springs, the chain), the shadow energy is an endless series in dt, and the lab
//! gives its first terms: the modified energy of backward error analysis (Hairer, Lubich and Wanner,
//! *Geometric Numerical Integration*, IX), written with the potential's gradient ∇V = −m a. For a kick then
//! a drift (symplectic Euler; leapfrog, whose (x, v) are a position and the velocity half a step before it)
//!
//! ```text
//! H̃ = H + (dt/2) Σᵢ mᵢ aᵢ vᵢ                                  (kept to O(dt²))
//! ```
//!
//! and for the Verlet family (a half kick, a drift, a half kick: position and velocity Verlet report the
//! same (x, v))
//!
//! ```text
//! H̃ = H + dt² ( V''(x)(v, v) / 12 − Σᵢ mᵢ aᵢ² / 24 )           (kept to O(dt⁴))
//! ```
//!
//! where V''(x)(v, v) = −Σᵢ mᵢ vᵢ (J v)ᵢ, with J = ∂a/∂x the forces' own Jacobian. Where the forces are
//! affine in x (springs, the chain, gravity) the first is itself kept exactly (on the spring it is the
//! exact form above), and so is the second under uniform gravity alone. Forest–Ruth's first term is of
//! order dt⁴ and is not given.
//!
//! Leapfrog reports at t = 0 the start's velocity, not the one half a step before it with which its later
//! (x, v) keep the shadow energy: its first value is taken at v₀ − (dt/2) a(x₀).

use crate::analysis::stability_limit_on;
use crate::system::Band;
use crate::{Force, Method, MethodId, Setup, StabilityLimit, State, System};

/// A method's shadow energy on a setup: a quadratic form the method keeps exactly, or the first terms of
/// its modified energy, kept to a stated order in dt (see the module's text).
#[derive(Clone, Debug)]
pub struct Shadow {
    form: Form,
    /// Leapfrog's (its system and dt): the velocity it reports at t = 0 is half a step later than the one
    /// its shadow energy is kept with.
    half_step_start: Option<(System<f64>, f64)>,
}

#[derive(Clone, Debug)]
enum Form {
    /// `Σᵢ xx·(xᵢ − cᵢ)² + xv·(xᵢ − cᵢ) vᵢ + vv·vᵢ²`.
    Quadratic {
        xx: f64,
        xv: f64,
        vv: f64,
        anchor: Vec<f64>,
    },
    /// The energy and the first terms of the modified energy's series.
    Series {
        system: System<f64>,
        masses: Vec<f64>,
        dt: f64,
        verlet: bool,
        /// The terms given are themselves kept exactly (see `shadow_energy`).
        exact: bool,
    },
}

impl Shadow {
    /// The shadow energy of a state whose energy is `energy`.
    pub fn at(&self, x: &[f64], v: &[f64], energy: f64) -> f64 {
        match &self.form {
            Form::Quadratic { xx, xv, vv, anchor } => x
                .iter()
                .zip(v)
                .zip(anchor)
                .map(|((&x, &v), &c)| {
                    let y = x - c;
                    xx * y * y + xv * y * v + vv * v * v
                })
                .sum(),
            Form::Series {
                system,
                masses,
                dt,
                verlet,
                ..
            } => {
                let dim = x.len();
                let mut a = vec![0.0; dim];
                system.acceleration(0.0, x, v, &mut a);
                // Σ mᵢ pᵢ qᵢ over the coordinates.
                let weighted = |p: &[f64], q: &[f64]| -> f64 {
                    masses
                        .iter()
                        .zip(p)
                        .zip(q)
                        .map(|((m, p), q)| m * p * q)
                        .sum()
                };
                if !verlet {
                    return energy + 0.5 * dt * weighted(&a, v);
                }
                // V''(x)(v, v) = −Σᵢ mᵢ vᵢ (J v)ᵢ, J = ∂a/∂x the forces' own Jacobian (each force taken
                // here has one), kept as its band.
                let half = system.half_bandwidth();
                let (mut jx, mut jv) = (Band::new(dim, half), Band::new(dim, half));
                for force in &system.forces {
                    force.add_jacobian(x, &mut jx, &mut jv);
                }
                let curvature: f64 = (0..dim)
                    .map(|i| {
                        let row = i.saturating_sub(half)..(i + half + 1).min(dim);
                        let jv_i: f64 = row.map(|j| jx.get(i, j) * v[j]).sum();
                        -masses[i] * v[i] * jv_i
                    })
                    .sum();
                energy + dt * dt * (curvature / 12.0 - weighted(&a, &a) / 24.0)
            }
        }
    }

    /// The shadow energy of the start `(x, v)` of a run of the method on `setup`.
    pub fn at_start(&self, setup: &Setup, x: &[f64], v: &[f64]) -> f64 {
        let mut start = State::new(x.to_vec(), v.to_vec());
        if let Some((system, dt)) = &self.half_step_start {
            let mut a = vec![0.0; x.len()];
            system.acceleration(0.0, x, v, &mut a);
            for (v, a) in start.v.iter_mut().zip(&a) {
                *v -= 0.5 * dt * a;
            }
        }
        self.at(&start.x, &start.v, setup.energy(&start).total())
    }

    /// The order in dt to which the method keeps this shadow energy; `None` where it keeps it exactly.
    pub fn order(&self) -> Option<u32> {
        match &self.form {
            Form::Quadratic { .. } | Form::Series { exact: true, .. } => None,
            Form::Series { verlet, .. } => Some(if *verlet { 4 } else { 2 }),
        }
    }
}

/// The shadow energy a method keeps on a setup, where the lab knows it: a symplectic method on a linear
/// undamped oscillator whose energy is ½ m |v|² + ½ m ω² |x − anchor|² (kept exactly), or symplectic Euler,
/// leapfrog or the Verlet family where every force is conservative and reads neither v nor t (kept to a
/// stated order). `None` elsewhere.
pub fn shadow_energy(setup: &Setup, method: &Method) -> Option<Shadow> {
    shadow_or_why(setup, method).ok()
}

/// Why a symplectic method has no shadow energy drawn on a setup, in words; `None` where it has one, and for
/// a method that is not symplectic (which keeps no nearby energy to draw).
pub fn missing(setup: &Setup, method: &Method) -> Option<&'static str> {
    method.builtin().filter(|m| m.info().symplectic)?;
    shadow_or_why(setup, method).err()
}

/// [`shadow_energy`], or why there is none.
fn shadow_or_why(setup: &Setup, method: &Method) -> Result<Shadow, &'static str> {
    let id = method
        .builtin()
        .filter(|m| m.info().symplectic)
        .ok_or("a method that is not symplectic keeps no nearby energy")?;
    let half_step_start = (id == MethodId::Leapfrog).then(|| (setup.system(), setup.dt));
    if let Some(form) = quadratic(setup, method) {
        if past_stability_limit(setup, id) {
            return Err(PAST_LIMIT);
        }
        return Ok(Shadow {
            form,
            half_step_start,
        });
    }
    let system = setup.system();
    // Where a force is not conservative, or not one the lab's formula takes, the reason is that force's.
    for force in &system.forces {
        match force {
            Force::Uniform { .. }
            | Force::InverseSquare { .. }
            | Force::Pendulum { .. }
            | Force::Chain { .. } => {}
            Force::Linear { gamma, .. } if *gamma == 0.0 => {}
            Force::Linear { .. } => {
                return Err(
                    "a force here reads the velocity (damping or drag) and takes energy out, so no energy \
                     is kept, nor a nearby one",
                )
            }
            Force::Pulse { .. } => {
                return Err(
                    "a thruster here burns for part of the run, a force that reads the time, which the \
                     lab's formula for the shadow does not take",
                )
            }
            Force::DoublePendulum { .. } => {
                return Err(
                    "in the angles the lab steps, the double pendulum's acceleration reads the velocities \
                     and its kinetic energy depends on the angles, so the method is not symplectic on it \
                     and keeps no nearby energy",
                )
            }
            #[cfg(feature = "language")]
            Force::Custom(_) => {
                return Err("the lab works out a shadow energy for its own forces, not for one written here")
            }
        }
    }
    let uniform = |f: &Force<f64>| matches!(f, Force::Uniform { .. });
    let affine =
        |f: &Force<f64>| uniform(f) || matches!(f, Force::Linear { .. } | Force::Chain { .. });
    let linear = system.forces.iter().all(affine);
    if linear && past_stability_limit(setup, id) {
        return Err(PAST_LIMIT);
    }
    let verlet = match id {
        MethodId::SymplecticEuler | MethodId::Leapfrog => false,
        MethodId::Verlet | MethodId::VelocityVerlet => true,
        _ => return Err(
            "its shadow energy's first term is of order dt⁴, which the lab works out only where one \
             linear force acts alike on every coordinate (one spring, the dog on a rod)",
        ),
    };
    // The terms given are themselves kept exactly for a kick and a drift where the forces are affine in x
    // (springs, the chain, gravity: on the spring they are the exact form above), and for the Verlet family
    // under uniform gravity alone (it is then exact, and H̃ − H a constant).
    let exact = if verlet {
        system.forces.iter().all(uniform)
    } else {
        linear
    };
    // The kinetic energy must be Σ ½ mᵢ vᵢ², each mᵢ a constant: read from a unit velocity on each
    // coordinate, at the start and at another position.
    let dim = system.dim;
    let start = setup.initial();
    let mass = |x: &[f64], i: usize| {
        let mut v = vec![0.0; dim];
        v[i] = 1.0;
        2.0 * setup.energy(&State::new(x.to_vec(), v)).kinetic
    };
    let moved: Vec<f64> = start.x.iter().map(|x| x + 0.25 + 0.1 * x.abs()).collect();
    let masses: Vec<f64> = (0..dim).map(|i| mass(&start.x, i)).collect();
    let constant = (0..dim).all(|i| {
        let (m, again) = (masses[i], mass(&moved, i));
        m > 0.0 && m.is_finite() && (m - again).abs() <= 1e-12 * m
    });
    if !constant {
        return Err(
            "the kinetic energy here is not ½ m v² with constant masses (the arms' motions are coupled), \
             which the lab's formula for the shadow needs",
        );
    }
    Ok(Shadow {
        form: Form::Series {
            system,
            masses,
            dt: setup.dt,
            verlet,
            exact,
        },
        half_step_start,
    })
}

/// Why no shadow is drawn past a method's stability limit where the forces are linear (see
/// [`past_stability_limit`]).
const PAST_LIMIT: &str =
    "dt is past the stability limit on these forces, where the quantity kept is no energy (it takes \
     negative values too) and the run grows without bound";

/// How far past its measured stability limit, relatively, a step must be to count as past it: the limit is
/// measured (bisected to 1e-9 on a map itself measured), so that the Verlets, whose (x, v) are the same, are
/// measured 5e-8 apart at ω·dt = 2; and at the limit itself the form is only semidefinite, and a run from rest
/// may stay bounded (position Verlet's at ω·dt = 2 swings between ±x₀).
const LIMIT_MARGIN: f64 = 1e-6;

/// Whether the setup's dt is past the method's stability limit on its scenario (an oscillator, or the chain's
/// fastest mode). Where the forces are linear (the only place this is asked) its step is then a map with an
/// eigenvalue of modulus above 1 (negative for symplectic Euler, leapfrog and the Verlets, whose trace falls
/// below −2; above 1 for Forest–Ruth, whose trace rises above 2): the form it keeps (`Q` above, whose
/// discriminant is trace² − 4) takes both signs, so it is no energy near the true one, and the run grows away
/// from every energy until rounding has eaten the kept quantity's digits. (On the pendulum the limit is the
/// small swing's, which says nothing of a large one: its series is drawn at any dt, kept to its stated
/// order.)
fn past_stability_limit(setup: &Setup, id: MethodId) -> bool {
    match (stability_limit_on(id, setup), setup.omega()) {
        (Some(StabilityLimit::Below(limit)), Some(omega)) => {
            omega * setup.dt > limit * (1.0 + LIMIT_MARGIN)
        }
        (Some(StabilityLimit::None), Some(_)) => true,
        _ => false,
    }
}

/// The quadratic form a symplectic method keeps exactly on a linear undamped oscillator, where the setup
/// is one.
fn quadratic(setup: &Setup, method: &Method) -> Option<Form> {
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
    Some(Form::Quadratic {
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
