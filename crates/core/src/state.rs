//! The state a method steps: positions and velocities, one entry a coordinate.

use crate::Real;

#[derive(Clone, Debug, PartialEq)]
pub struct State<R> {
    pub x: Vec<R>,
    pub v: Vec<R>,
}

impl<R: Real> State<R> {
    pub fn new(x: Vec<R>, v: Vec<R>) -> Self {
        debug_assert_eq!(x.len(), v.len());
        State { x, v }
    }

    /// Rounds an `f64` state to precision `R`.
    pub fn cast(state: &State<f64>) -> Self {
        State {
            x: state.x.iter().map(|&x| R::from_f64(x)).collect(),
            v: state.v.iter().map(|&v| R::from_f64(v)).collect(),
        }
    }

    pub fn to_f64(&self) -> State<f64> {
        State {
            x: self.x.iter().map(|x| x.to_f64()).collect(),
            v: self.v.iter().map(|v| v.to_f64()).collect(),
        }
    }

    /// Overwrites positions and velocities (of matching lengths).
    pub fn set(&mut self, x: &[R], v: &[R]) {
        self.x.copy_from_slice(x);
        self.v.copy_from_slice(v);
    }

    pub fn dim(&self) -> usize {
        self.x.len()
    }

    pub fn is_finite(&self) -> bool {
        // q·0 is 0 for every finite q and NaN otherwise, so the sum is 0 exactly when all are finite; unlike
        // a chain of is_finite tests it vectorises, and it runs after every step.
        let zero = self
            .x
            .iter()
            .chain(&self.v)
            .fold(R::ZERO, |acc, &q| acc + q * R::ZERO);
        zero == R::ZERO
    }
}
