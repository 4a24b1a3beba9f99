use super::velocity_verlet::VelocityVerlet;
use super::{exact_on_constant_else, Integrator, MethodInfo, StabilityLimit};
use crate::{articles, Real, State, System};

/// The Forest–Ruth method (Yoshida's "triple jump"): three velocity-Verlet substeps whose lengths are
/// chosen so that their second-order errors cancel.
///
/// ```text
/// w1 = 1/(2 − ∛2),  w0 = −∛2/(2 − ∛2)           (w1 + w0 + w1 = 1; w0 < 0 steps back in time)
/// velocity Verlet over w1·dt, then w0·dt, then w1·dt
/// ```
///
/// Order 4 on position-only forces; symplectic, since each substep is; three force evaluations a step (each
/// substep's new force is the next one's old). Stable for ω dt < 1.5734 on the spring, the price of the
/// backward middle substep. With velocity-dependent forces each substep is the gravity answer's velocity
/// Verlet, which is not quite time-symmetric, and the cancellation is partial: order 3, six evaluations a
/// step. Where a thruster switches, its substeps (the first and last reach past the step's ends) sample the
/// thrust on the wrong side of the switch: first order in size, with a constant that jumps from level to
/// level. tests/facts.rs measures all three. Source: Forest and Ruth (1990), Yoshida (1990); the
/// higher-order symplectic integrators Fiedler points to at the end of "Integration Basics".
pub struct ForestRuth<R> {
    verlet: VelocityVerlet<R>,
    outer: R,
    inner: R,
}

/// w1 = 1/(2 − ∛2).
const OUTER: f64 = 1.351_207_191_959_657_8;
/// w0 = −∛2/(2 − ∛2) = 1 − 2·w1.
const INNER: f64 = 1.0 - 2.0 * OUTER;

impl<R: Real> ForestRuth<R> {
    pub fn new(dim: usize) -> Self {
        ForestRuth {
            verlet: VelocityVerlet::new(dim),
            outer: R::from_f64(OUTER),
            inner: R::from_f64(INNER),
        }
    }
}

impl<R: Real> Integrator<R> for ForestRuth<R> {
    fn start(&mut self, system: &System<R>, t: R, state: &State<R>) {
        self.verlet.start(system, t, state);
    }

    fn step(&mut self, system: &System<R>, t: R, dt: R, state: &mut State<R>) {
        let (a, b) = (self.outer * dt, self.inner * dt);
        self.verlet.step(system, t, a, state);
        self.verlet.step(system, t + a, b, state);
        self.verlet.step(system, t + a + b, a, state);
    }

    fn evaluations(&self) -> u64 {
        self.verlet.evaluations()
    }
}

/// What the lab says about it.
pub(super) static INFO: MethodInfo = MethodInfo {
    id: "forest-ruth",
    name: "Forest–Ruth",
    order: Some(4),
    // Order 3 where a force depends on the velocity: its substeps are then not quite time-symmetric.
    order_on: exact_on_constant_else::<3, 4>,
    evaluations: "3–6",
    evaluations_on: |class| if class.velocity_dependent { "6" } else { "3" },
    symplectic: true,
    rule: "three velocity-Verlet substeps: forward w1·dt, back |w0|·dt, forward w1·dt, with the weights w1 = 1/(2 − ∛2) ≈ 1.3512 and w0 = 1 − 2w1 ≈ −1.7024",
    articles: &[&articles::FIEDLER],
    origin: "the fourth-order symplectic method of Forest and Ruth (1990) and Yoshida (1990)",
    stability: StabilityLimit::Below(1.573_401_947_434_54),
    energy: "Keeps the energy in a band (symplectic) whose width shrinks as h⁴: narrower than velocity Verlet's \
             below ω·dt ≈ 1.11 (a tenth of it at 0.5, far less at smaller steps), wider above, up to its limit.",
    style: 10,
};

pub(super) fn build<R: Real>(dim: usize) -> Box<dyn Integrator<R>> {
    Box::new(ForestRuth::new(dim))
}
