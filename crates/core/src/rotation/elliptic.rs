//! Jacobi's elliptic functions and the complete and incomplete elliptic integrals of the first kind, for the
//! free asymmetric body's closed form. Written here over `libm` (the arithmetic–geometric mean and the
//! descending Landen transformation, Abramowitz & Stegun 16.4 and 17.6; Carlson's R_F by duplication), so
//! that native and wasm runs agree to the bit. The parameter is m = k²; each function also comes taking the
//! complementary parameter m1 = 1 − m (the `_c` ones), which a motion near a separatrix knows to more digits
//! than m itself.

use std::f64::consts::FRAC_PI_2;

/// The arithmetic–geometric mean's steps from (1, √m1): each (a_n, c_n), until c_n is round-off.
fn agm(m1: f64) -> ([f64; 16], [f64; 16], usize) {
    let (mut a, mut c) = ([0.0; 16], [0.0; 16]);
    a[0] = 1.0;
    c[0] = (1.0 - m1).sqrt();
    let mut b = m1.sqrt();
    let mut n = 0;
    while c[n].abs() > 1e-16 * a[n] && n < 15 {
        let (an, bn) = (a[n], b);
        a[n + 1] = 0.5 * (an + bn);
        b = (an * bn).sqrt();
        c[n + 1] = 0.5 * (an - bn);
        n += 1;
    }
    (a, c, n)
}

/// The complete elliptic integral of the first kind K(m) = π / (2 AGM(1, √(1 − m))), for 0 ≤ m < 1.
pub fn complete(m: f64) -> f64 {
    complete_c(1.0 - m)
}

/// K from the complementary parameter m1 = 1 − m, for 0 < m1 ≤ 1.
pub fn complete_c(m1: f64) -> f64 {
    let (a, _, n) = agm(m1);
    FRAC_PI_2 / a[n]
}

/// sn(u|m), cn(u|m), dn(u|m), for 0 ≤ m ≤ 1.
pub fn sn_cn_dn(u: f64, m: f64) -> (f64, f64, f64) {
    sn_cn_dn_c(u, 1.0 - m)
}

/// sn, cn, dn from the complementary parameter m1 = 1 − m, for 0 ≤ m1 ≤ 1.
pub fn sn_cn_dn_c(u: f64, m1: f64) -> (f64, f64, f64) {
    if m1 > 1.0 - 1e-300 {
        let (s, c) = crate::math::sin_cos(u);
        return (s, c, 1.0);
    }
    if m1 <= 0.0 {
        // m = 1: the separatrix itself.
        let sech = 1.0 / libm::cosh(u);
        return (libm::tanh(u), sech, sech);
    }
    let (a, c, n) = agm(m1);
    // φ_N = 2^N a_N u, then down: φ_{k−1} = ½(φ_k + asin(c_k/a_k · sin φ_k)).
    let mut phi = libm::ldexp(a[n] * u, n as i32);
    for k in (1..=n).rev() {
        phi = 0.5 * (phi + libm::asin(c[k] / a[k] * crate::math::sin(phi)));
    }
    let (s, co) = crate::math::sin_cos(phi);
    // dn = √(1 − m sn²) = √(m1 + m cn²): no cancellation near u = K, where A&S's cos φ0 / cos(φ1 − φ0) is 0/0.
    (s, co, (m1 + (1.0 - m1) * co * co).sqrt())
}

/// Carlson's symmetric integral R_F(x, y, z), by duplication to a fifth-order series.
fn carlson_rf(mut x: f64, mut y: f64, mut z: f64) -> f64 {
    loop {
        let mean = (x + y + z) / 3.0;
        let (dx, dy, dz) = (1.0 - x / mean, 1.0 - y / mean, 1.0 - z / mean);
        if dx.abs().max(dy.abs()).max(dz.abs()) < 1e-3 {
            let e2 = dx * dy - dz * dz;
            let e3 = dx * dy * dz;
            return (1.0 + (e2 / 24.0 - 0.1 - 3.0 / 44.0 * e3) * e2 + e3 / 14.0) / mean.sqrt();
        }
        let (sx, sy, sz) = (x.sqrt(), y.sqrt(), z.sqrt());
        let lambda = sx * (sy + sz) + sy * sz;
        x = 0.25 * (x + lambda);
        y = 0.25 * (y + lambda);
        z = 0.25 * (z + lambda);
    }
}

/// The incomplete elliptic integral of the first kind F(φ|m), for |φ| ≤ π/2, from m1 = 1 − m > 0:
/// 1 − m sin²φ = cos²φ + m1 sin²φ.
fn incomplete(phi: f64, m1: f64) -> f64 {
    let (s, c) = crate::math::sin_cos(phi);
    s * carlson_rf(c * c, c * c + m1 * s * s, 1.0)
}

/// The u in (−2K, 2K] whose sn and cn are `sn` and `cn` (a point on the unit circle): the phase of a Jacobi
/// solution from its start.
pub fn phase(sn: f64, cn: f64, m: f64) -> f64 {
    phase_c(sn, cn, 1.0 - m)
}

/// The phase from the complementary parameter m1 = 1 − m > 0.
pub fn phase_c(sn: f64, cn: f64, m1: f64) -> f64 {
    let phi = libm::atan2(sn, cn);
    if phi.abs() <= FRAC_PI_2 {
        incomplete(phi, m1)
    } else {
        // Past a quarter period: F(φ) = 2K − F(π − φ), and odd.
        let k = complete_c(m1);
        phi.signum() * (2.0 * k - incomplete(std::f64::consts::PI - phi.abs(), m1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// sn² + cn² = 1 and dn² + m sn² = 1; at u = K, sn = 1 and cn = 0; the phase inverts sn and cn; with
    /// m = 0 they are sin and cos, and K(0) = π/2; K(½) is the lemniscate's 1.854074677301372.
    #[test]
    fn jacobis_functions_keep_their_identities_and_values() {
        assert!((complete(0.0) - FRAC_PI_2).abs() < 1e-15);
        assert!((complete(0.5) - 1.854_074_677_301_372).abs() < 1e-14);
        for m in [0.1, 0.5, 0.9, 0.999_999] {
            let k = complete(m);
            let (s, c, d) = sn_cn_dn(k, m);
            assert!(
                (s - 1.0).abs() < 1e-12 && c.abs() < 1e-7,
                "{m}: {s} {c} {d}"
            );
            assert!((d - (1.0 - m).sqrt()).abs() < 1e-7, "{m}: dn(K) = {d}");
            for u in [-3.0, -0.4, 0.0, 0.7, 2.5, 7.0] {
                let (s, c, d) = sn_cn_dn(u, m);
                assert!((s * s + c * c - 1.0).abs() < 1e-14, "{m} {u}");
                assert!((d * d + m * s * s - 1.0).abs() < 1e-14, "{m} {u}");
                let back = phase(s, c, m);
                let (s2, c2, _) = sn_cn_dn(back, m);
                assert!(
                    (s2 - s).abs() < 1e-12 && (c2 - c).abs() < 1e-12,
                    "{m} {u}: {back}"
                );
            }
        }
        let (s, c, d) = sn_cn_dn(0.8, 0.0);
        assert_eq!(
            (s, c, d),
            (crate::math::sin(0.8), crate::math::cos(0.8), 1.0)
        );
    }
}
