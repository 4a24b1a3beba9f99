use crate::methods::Integrator;
use crate::{Real, State, System};

/// Position (Störmer) Verlet, as the lecture (004) and Van Verth (003) write it.
///
/// ```text
/// first step:  x1 = x0 + v0 dt + ½ a0 dt²
/// then:        x(i+1) = 2 x(i) − x(i−1) + a(i) dt²
/// velocity:    v(i+1) = (x(i+1) − x(i)) / dt + ½ a(i+1) dt
/// ```
///
/// Verlet carries no velocity, so it needs the start-up step to make its missing x(−1) (the lecture's
/// "requires start conditions"), and reports an estimated velocity: the backward difference corrected by
/// half a step of the new acceleration, which is second order and, for position-only forces, equal to
/// velocity Verlet's velocity. For velocity-dependent forces, a(i+1) is evaluated at the uncorrected
/// estimate `(x(i+1) − x(i))/dt + ½ a(i) dt`.
///
/// Order 2; one force evaluation a step (a(i+1) is kept for the next step); symplectic for position-only
/// forces; stable for ω dt < 2.
pub struct PositionVerlet<R> {
    x_prev: Vec<R>,
    a: Vec<R>,
    started: bool,
    evaluations: u64,
}

impl<R: Real> PositionVerlet<R> {
    pub fn new(dim: usize) -> Self {
        PositionVerlet {
            x_prev: vec![R::ZERO; dim],
            a: vec![R::ZERO; dim],
            started: false,
            evaluations: 0,
        }
    }
}

impl<R: Real> Integrator<R> for PositionVerlet<R> {
    fn start(&mut self, system: &System<R>, t: R, state: &State<R>) {
        system.acceleration(t, &state.x, &state.v, &mut self.a);
        self.evaluations = 1;
        self.started = false;
    }

    fn step(&mut self, system: &System<R>, t: R, dt: R, state: &mut State<R>) {
        let dt2 = dt * dt;
        let two = R::ONE + R::ONE;
        for k in 0..state.dim() {
            let x = state.x[k];
            let next = if self.started {
                two * x - self.x_prev[k] + self.a[k] * dt2
            } else {
                x + state.v[k] * dt + R::HALF * self.a[k] * dt2
            };
            self.x_prev[k] = x;
            state.x[k] = next;
            // Estimate for evaluating velocity-dependent forces; corrected below.
            state.v[k] = (next - x) / dt + R::HALF * self.a[k] * dt;
        }
        self.started = true;
        system.acceleration(t + dt, &state.x, &state.v, &mut self.a);
        self.evaluations += 1;
        for k in 0..state.dim() {
            state.v[k] = (state.x[k] - self.x_prev[k]) / dt + R::HALF * self.a[k] * dt;
        }
    }

    fn evaluations(&self) -> u64 {
        self.evaluations
    }
}

/// Velocity Verlet, with seed 002's velocity estimate for velocity-dependent forces.
///
/// ```text
/// x1 = x0 + v0 dt + ½ a0 dt²
/// v* = v0 + a0 dt                 (estimate)
/// a1 = a(t1, x1, v*)
/// v1 = v* + (a1 − a0) dt/2        (= v0 + (a0 + a1) dt/2)
/// ```
///
/// Order 2; symplectic for position-only forces; stable for ω dt < 2. With position-only forces a1 is kept
/// as the next step's a0: one force evaluation a step. With velocity-dependent forces (drag, damping) a0 is
/// evaluated afresh at the corrected (x0, v0), as seed 002 does: two evaluations a step, and still second
/// order (tests/convergence.rs), where reusing the estimate-based a1 would not be. Source: seed 002.
pub struct VelocityVerlet<R> {
    a: Vec<R>,
    a_new: Vec<R>,
    evaluations: u64,
}

impl<R: Real> VelocityVerlet<R> {
    pub fn new(dim: usize) -> Self {
        VelocityVerlet {
            a: vec![R::ZERO; dim],
            a_new: vec![R::ZERO; dim],
            evaluations: 0,
        }
    }
}

impl<R: Real> Integrator<R> for VelocityVerlet<R> {
    fn start(&mut self, system: &System<R>, t: R, state: &State<R>) {
        system.acceleration(t, &state.x, &state.v, &mut self.a);
        self.evaluations = 1;
    }

    fn step(&mut self, system: &System<R>, t: R, dt: R, state: &mut State<R>) {
        if system.velocity_dependent() {
            system.acceleration(t, &state.x, &state.v, &mut self.a);
            self.evaluations += 1;
        }
        let half_dt2 = R::HALF * dt * dt;
        for k in 0..state.dim() {
            state.x[k] += state.v[k] * dt + self.a[k] * half_dt2;
            state.v[k] += self.a[k] * dt;
        }
        system.acceleration(t + dt, &state.x, &state.v, &mut self.a_new);
        self.evaluations += 1;
        let half_dt = R::HALF * dt;
        for k in 0..state.dim() {
            state.v[k] += (self.a_new[k] - self.a[k]) * half_dt;
        }
        std::mem::swap(&mut self.a, &mut self.a_new);
    }

    fn evaluations(&self) -> u64 {
        self.evaluations
    }
}

/// Staggered leapfrog, as Van Verth's talk (003) writes it.
///
/// ```text
/// first step:  v(½) = v0 + a0 dt/2
/// step i:      v(i+½) = v(i−½) + a(i) dt
///              x(i+1) = x(i) + v(i+½) dt
/// ```
///
/// The velocity it reports is its half-step velocity: after step i the state is (x(i+1), v(i+½)), the
/// velocity half a step behind the position: "Verlet methods help, but velocity out of step". Energies computed from it wobble for that
/// reason alone. Velocity-dependent forces see the latest half-step velocity.
///
/// Order 2 (positions); one force evaluation a step; symplectic for position-only forces; stable for
/// ω dt < 2.
pub struct Leapfrog<R> {
    a: Vec<R>,
    started: bool,
    evaluations: u64,
}

impl<R: Real> Leapfrog<R> {
    pub fn new(dim: usize) -> Self {
        Leapfrog {
            a: vec![R::ZERO; dim],
            started: false,
            evaluations: 0,
        }
    }
}

impl<R: Real> Integrator<R> for Leapfrog<R> {
    fn start(&mut self, _: &System<R>, _: R, _: &State<R>) {
        self.started = false;
        self.evaluations = 0;
    }

    fn step(&mut self, system: &System<R>, t: R, dt: R, state: &mut State<R>) {
        // state.v is v(i−½) once started, v0 before.
        system.acceleration(t, &state.x, &state.v, &mut self.a);
        self.evaluations += 1;
        let kick = if self.started { dt } else { R::HALF * dt };
        for k in 0..state.dim() {
            state.v[k] += self.a[k] * kick;
            state.x[k] += state.v[k] * dt;
        }
        self.started = true;
    }

    fn evaluations(&self) -> u64 {
        self.evaluations
    }
}
