//! Each method's largest stable ω·dt on the undamped spring, measured from its own output, next to theory.

use integrator_lab::analysis::{amplification, stability_limit, theoretical_limit, StabilityLimit};
use integrator_lab::MethodId;

#[test]
fn measured_stability_limits_match_theory() {
    for method in MethodId::ALL {
        let measured = stability_limit(method);
        match (measured, theoretical_limit(method)) {
            (StabilityLimit::Below(m), StabilityLimit::Below(t)) => {
                assert!((m - t).abs() < 1e-6, "{method:?}: measured {m}, theory {t}")
            }
            (m, t) => assert_eq!(m, t, "{method:?}"),
        }
    }
}

/// The growth a step is the theory's: √(1 + h²) for explicit Euler, its inverse for implicit Euler,
/// (1 + h⁴/4)^½ for the midpoint method, exactly 1 for symplectic Euler below its limit.
#[test]
fn growth_per_step_matches_the_step_matrices() {
    for h in [0.05, 0.3, 1.0, 1.9] {
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9 * b;
        assert!(close(
            amplification(MethodId::Euler, h),
            (1.0 + h * h).sqrt()
        ));
        assert!(close(
            amplification(MethodId::ImplicitEuler, h),
            1.0 / (1.0 + h * h).sqrt()
        ));
        assert!(close(
            amplification(MethodId::Midpoint, h),
            (1.0 + h.powi(4) / 4.0).sqrt()
        ));
        assert!(close(amplification(MethodId::SymplecticEuler, h), 1.0));
        assert!(close(amplification(MethodId::Kinematic, h), 1.0));
        // Average acceleration's step has determinant cos h + (h/2) sin h: it loses energy.
        let d = h.cos() + 0.5 * h * h.sin();
        assert!(close(
            amplification(MethodId::KinematicAverage, h),
            d.sqrt()
        ));
    }
    // Past the limit symplectic Euler's growth jumps above 1.
    assert!(amplification(MethodId::SymplecticEuler, 2.1) > 1.3);
}
