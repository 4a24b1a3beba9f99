//! The floating-point type the state is stepped in.
//!
//! A game written with `float` steps its state in 32-bit arithmetic; the lab can do the same to show what
//! rounding adds to method error (Fiedler's 499.497070 against the 499.5 that explicit Euler owes). Every
//! integrator and force is generic over [`Real`], implemented for `f32` and `f64`. Exact solutions, energies
//! and analysis are always computed in `f64` from the stepped state.

use std::fmt::{Debug, Display};
use std::ops::{Add, AddAssign, Div, Mul, MulAssign, Neg, Sub, SubAssign};

/// A floating-point number the integrators can step in.
pub trait Real:
    Copy
    + Debug
    + Display
    + std::fmt::LowerExp
    + PartialOrd
    + Default
    + Send
    + Sync
    + 'static
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
    + AddAssign
    + SubAssign
    + MulAssign
{
    /// The id used by the CLI and the page: `f32` or `f64`.
    const NAME: &'static str;
    /// Machine epsilon.
    const EPSILON: Self;
    const ZERO: Self;
    const ONE: Self;
    const HALF: Self;

    /// Rounds an `f64` to this precision.
    fn from_f64(value: f64) -> Self;
    fn to_f64(self) -> f64;
    fn sin(self) -> Self;
    fn cos(self) -> Self;
    fn exp(self) -> Self;
    fn sqrt(self) -> Self;
    fn abs(self) -> Self;
    fn is_finite(self) -> bool;
    fn max(self, other: Self) -> Self;
    fn min(self, other: Self) -> Self;
}

macro_rules! impl_real {
    ($t:ident, $sin:path, $cos:path, $exp:path) => {
        impl Real for $t {
            const NAME: &'static str = stringify!($t);
            const EPSILON: Self = $t::EPSILON;
            const ZERO: Self = 0.0;
            const ONE: Self = 1.0;
            const HALF: Self = 0.5;

            #[inline]
            fn from_f64(value: f64) -> Self {
                value as $t
            }
            #[inline]
            fn to_f64(self) -> f64 {
                self as f64
            }
            #[inline]
            fn sin(self) -> Self {
                $sin(self)
            }
            #[inline]
            fn cos(self) -> Self {
                $cos(self)
            }
            #[inline]
            fn exp(self) -> Self {
                $exp(self)
            }
            #[inline]
            fn sqrt(self) -> Self {
                $t::sqrt(self)
            }
            #[inline]
            fn abs(self) -> Self {
                $t::abs(self)
            }
            #[inline]
            fn is_finite(self) -> bool {
                $t::is_finite(self)
            }
            #[inline]
            fn max(self, other: Self) -> Self {
                $t::max(self, other)
            }
            #[inline]
            fn min(self, other: Self) -> Self {
                $t::min(self, other)
            }
        }
    };
}

// Sines, cosines and exponentials from `libm`, so native and wasm runs agree to the bit (see `math`).
impl_real!(f32, libm::sinf, libm::cosf, libm::expf);
impl_real!(f64, libm::sin, libm::cos, libm::exp);

/// The precision a run steps its state in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Precision {
    /// Single precision, behind the feature `f32` (on by default): the page's usual core leaves it out to be
    /// small, and loads its studies tier, which has it, for an f32 run.
    #[cfg(feature = "f32")]
    F32,
    #[default]
    F64,
}

impl Precision {
    /// The precisions this build of the core has.
    #[cfg(feature = "f32")]
    pub const ALL: &'static [Precision] = &[Precision::F32, Precision::F64];
    #[cfg(not(feature = "f32"))]
    pub const ALL: &'static [Precision] = &[Precision::F64];

    pub fn id(self) -> &'static str {
        match self {
            #[cfg(feature = "f32")]
            Precision::F32 => f32::NAME,
            Precision::F64 => f64::NAME,
        }
    }

    pub fn from_id(id: &str) -> Result<Self, crate::Error> {
        Precision::ALL
            .iter()
            .copied()
            .find(|p| p.id() == id)
            .ok_or_else(|| crate::Error::UnknownPrecision(id.to_string()))
    }
}
