//! Transcendental functions that give the same bits on every platform.
//!
//! `f64::sin` and friends call the platform's maths library (glibc natively, a Rust port in wasm), which
//! may differ in the last bit; then the page and the CLI would print different numbers for the same run.
//! Every sine, cosine and exponential in the core goes through the `libm` crate instead. Square roots need
//! no such care: IEEE 754 rounds them correctly everywhere.

pub fn sin(x: f64) -> f64 {
    libm::sin(x)
}

pub fn cos(x: f64) -> f64 {
    libm::cos(x)
}

pub fn sin_cos(x: f64) -> (f64, f64) {
    libm::sincos(x)
}

pub fn exp(x: f64) -> f64 {
    libm::exp(x)
}

pub fn exp_m1(x: f64) -> f64 {
    libm::expm1(x)
}
