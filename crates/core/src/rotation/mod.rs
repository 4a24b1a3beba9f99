//! Spinning bodies: rigid-body rotation in 3-D, the one topic of the articles the lab's linear methods do not
//! cover ("orientation needs special care", the game-physics lecture says; "True Physics" covers linear motion
//! only and sends its readers to quaternions).
//!
//! The state is an attitude quaternion `q` (body to world) and the body-frame angular velocity `ω` on the
//! principal axes. The motion is Euler's equations and the attitude's kinematics:
//!
//! ```text
//! I ω̇ = τ − ω × Iω        q̇ = ½ q ⊗ (0, ω)
//! ```
//!
//! Rotation methods are a family of their own ([`methods`]), with their own state and registry: a method id
//! resolves within the scenario's family, so `euler` means explicit Euler here as on a spring. Everything is
//! f64, and every sine, cosine and square root goes through [`crate::math`] or IEEE's correctly rounded sqrt:
//! the page and the CLI agree to the bit.

pub mod csv;
pub mod elliptic;
pub mod methods;
pub mod scenarios;
pub mod session;
pub mod study;

use crate::Error;

/// A quaternion `w + x i + y j + z k`, as `[w, x, y, z]`.
pub type Quat = [f64; 4];
/// A vector in 3-D.
pub type Vec3 = [f64; 3];

/// The Hamilton product `a ⊗ b`.
pub fn mul(a: &Quat, b: &Quat) -> Quat {
    [
        a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3],
        a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2],
        a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1],
        a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0],
    ]
}

/// ‖q‖. Where the sum of squares overflows (a diverging run's quaternion past 1e154), or underflows, it is
/// taken scaled by the largest component, so that a finite quaternion has a finite norm (and its attitude an
/// angle); elsewhere the plain sum, to the bit as before.
pub fn norm(q: &Quat) -> f64 {
    let sum = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    if sum.is_finite() && sum >= f64::MIN_POSITIVE {
        return sum.sqrt();
    }
    let big = q.iter().fold(0.0f64, |m, v| m.max(v.abs()));
    if big == 0.0 || !big.is_finite() {
        return sum.sqrt();
    }
    big * q.iter().map(|v| (v / big) * (v / big)).sum::<f64>().sqrt()
}

/// `q / ‖q‖`.
pub fn normalized(q: &Quat) -> Quat {
    let n = norm(q);
    [q[0] / n, q[1] / n, q[2] / n, q[3] / n]
}

/// The rotation by `angle` (rad) about the unit axis `axis`, as a unit quaternion.
pub fn about(axis: &Vec3, angle: f64) -> Quat {
    let (s, c) = crate::math::sin_cos(angle / 2.0);
    [c, s * axis[0], s * axis[1], s * axis[2]]
}

/// The rotation by the rotation vector `r` (its direction the axis, its length the angle): the exact
/// attitude step `exp(½ r)` of a body turning at a constant ω for a time, `r = ω·dt`.
pub fn exp_map(r: &Vec3) -> Quat {
    let angle = dot(r, r).sqrt();
    if angle < 1e-300 {
        return [1.0, 0.0, 0.0, 0.0];
    }
    about(&[r[0] / angle, r[1] / angle, r[2] / angle], angle)
}

/// `v` turned by the unit quaternion `q` (body to world): `q ⊗ (0, v) ⊗ q*`, the rotation matrix's product
/// written out (for a `q` of another norm, scaled by ‖q‖²).
pub fn rotate(q: &Quat, v: &Vec3) -> Vec3 {
    let [w, x, y, z] = *q;
    // t = 2 (u × v), v' = v + w t + u × t, with u the vector part.
    let t = [
        2.0 * (y * v[2] - z * v[1]),
        2.0 * (z * v[0] - x * v[2]),
        2.0 * (x * v[1] - y * v[0]),
    ];
    [
        v[0] + w * t[0] + (y * t[2] - z * t[1]),
        v[1] + w * t[1] + (z * t[0] - x * t[2]),
        v[2] + w * t[2] + (x * t[1] - y * t[0]),
    ]
}

/// `v` turned by the inverse of the unit quaternion `q` (world to body).
pub fn unrotate(q: &Quat, v: &Vec3) -> Vec3 {
    rotate(&[q[0], -q[1], -q[2], -q[3]], v)
}

pub fn dot(a: &Vec3, b: &Vec3) -> f64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

pub fn cross(a: &Vec3, b: &Vec3) -> Vec3 {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// The angle between two attitudes, in rad: `2·acos(min(1, |q̂·p̂|))` with each normalised first (q and −q are
/// one attitude, and a quaternion that grew in norm is no further off for it). Worked out as
/// `2·atan2(‖d_xyz‖, |d_w|)` with `d = q̂* ⊗ p̂`, the same angle without acos's loss of digits near 0.
pub fn attitude_angle(q: &Quat, p: &Quat) -> f64 {
    let (a, b) = (normalized(q), normalized(p));
    let d = mul(&[a[0], -a[1], -a[2], -a[3]], &b);
    2.0 * libm::atan2((d[1] * d[1] + d[2] * d[2] + d[3] * d[3]).sqrt(), d[0].abs())
}

/// A spinning body's state: the attitude (body to world) and the body-frame angular velocity.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spin {
    pub q: Quat,
    pub omega: Vec3,
}

impl Spin {
    pub fn is_finite(&self) -> bool {
        self.q.iter().chain(&self.omega).all(|v| v.is_finite())
    }
}

/// What turns the body: nothing, or gravity on a body whose centre of mass lies `arm` m along its axis 3 from
/// a fixed pivot (the heavy top).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Torque {
    Free,
    /// Gravity `g` (m/s², along −z in the world) on a mass `m` (kg) at `arm` (m) along body axis 3.
    Gravity {
        m: f64,
        g: f64,
        arm: f64,
    },
}

/// A rigid body: its principal moments of inertia (kg·m², about the pivot where it has one) and its torque.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Body {
    pub moments: Vec3,
    pub torque: Torque,
}

impl Body {
    /// A body with these moments, refused where no body could have them: each positive, and each at most the
    /// sum of the other two (I1 + I2 ≥ I3, and so on round; a flat body has one equal to the sum).
    pub fn new(moments: Vec3, torque: Torque) -> Result<Body, Error> {
        for (i, &m) in moments.iter().enumerate() {
            if !(m.is_finite() && m > 0.0) {
                return Err(Error::Inconsistent(format!(
                    "I{} = {m}: a moment of inertia is a positive number",
                    i + 1
                )));
            }
        }
        for i in 0..3 {
            let (j, k) = ((i + 1) % 3, (i + 2) % 3);
            // A relative margin for round-off: a flat plate's I3 = I1 + I2 exactly, as written.
            if moments[i] > (moments[j] + moments[k]) * (1.0 + 1e-12) {
                let (a, b) = (j.min(k) + 1, j.max(k) + 1);
                return Err(Error::Inconsistent(format!(
                    "I{} = {} is more than I{a} + I{b} = {}: no body has such moments (each is at most the sum \
                     of the other two, I{a} + I{b} ≥ I{})",
                    i + 1,
                    crate::format::number(moments[i]),
                    crate::format::number(moments[j] + moments[k]),
                    i + 1
                )));
            }
        }
        Ok(Body { moments, torque })
    }

    /// The body-frame angular momentum `Iω`.
    pub fn momentum(&self, omega: &Vec3) -> Vec3 {
        [
            self.moments[0] * omega[0],
            self.moments[1] * omega[1],
            self.moments[2] * omega[2],
        ]
    }

    /// The body-frame torque at attitude `q` (a unit quaternion).
    pub fn torque(&self, q: &Quat) -> Vec3 {
        match self.torque {
            Torque::Free => [0.0; 3],
            Torque::Gravity { m, g, arm } => {
                // r × F with r = arm·e3 and F the weight, both in the body frame.
                let f = unrotate(q, &[0.0, 0.0, -m * g]);
                cross(&[0.0, 0.0, arm], &f)
            }
        }
    }

    /// `ω̇ = I⁻¹(τ − ω × Iω)`, the body-frame angular acceleration (torque at the unit attitude `q`).
    pub fn angular_acceleration(&self, q: &Quat, omega: &Vec3) -> Vec3 {
        let tau = self.torque(q);
        let gyro = cross(omega, &self.momentum(omega));
        [
            (tau[0] - gyro[0]) / self.moments[0],
            (tau[1] - gyro[1]) / self.moments[1],
            (tau[2] - gyro[2]) / self.moments[2],
        ]
    }

    /// Kinetic energy ½ ω·Iω plus the weight's potential energy (zero at the pivot's height), in J. The
    /// attitude is read as a rotation (normalised): a quaternion that grew in norm moves no mass.
    pub fn energy(&self, spin: &Spin) -> (f64, f64) {
        let kinetic = 0.5 * dot(&spin.omega, &self.momentum(&spin.omega));
        let potential = match self.torque {
            Torque::Free => 0.0,
            Torque::Gravity { m, g, arm } => {
                m * g * arm * rotate(&normalized(&spin.q), &[0.0, 0.0, 1.0])[2]
            }
        };
        (kinetic, potential)
    }

    /// The angular momentum in the world frame, `R(q)·Iω` (the attitude read as a rotation).
    pub fn world_momentum(&self, spin: &Spin) -> Vec3 {
        rotate(&normalized(&spin.q), &self.momentum(&spin.omega))
    }
}
