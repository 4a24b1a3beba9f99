use super::{super::Spin, RotationInfo};
use crate::rotation::{normalized, Body};

/// Explicit Euler with q renormalised every step: the textbook fix for ‖q‖ (Fukushima 2008 recommends
/// renormalising every step). q is a rotation again; the energy still grows, as explicit Euler's does.
pub(super) static INFO: RotationInfo = RotationInfo {
    id: "euler-normalized",
    name: "Explicit Euler, q normalised",
    order: Some(1),
    evaluations: 1,
    symplectic: false,
    rule: "explicit Euler, then q /= ‖q‖",
    behaviour: "‖q‖ = 1 to round-off; energy and ‖L‖ still grow.",
    who: "The textbook fix (Fukushima 2008 recommends renormalising every step).",
    style: 6,
};

pub(super) fn step(body: &Body, dt: f64, spin: &mut Spin) {
    super::euler::step(body, dt, spin);
    spin.q = normalized(&spin.q);
}
