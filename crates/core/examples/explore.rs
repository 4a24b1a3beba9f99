use integrator_lab::claims::*;
use integrator_lab::MethodId;
fn main() {
    for dt in [
        1.0 / 15.0,
        1.0 / 30.0,
        1.0 / 60.0,
        1.0 / 120.0,
        1.0 / 240.0,
        1.0 / 480.0,
        1.0 / 960.0,
    ] {
        for until in [10.0, 60.0] {
            let e = two_springs_errors(dt, until).unwrap();
            println!(
                "dt {dt:.5} until {until}: se {:.3e} kin {:.3e} avg {:.3e} ratios {:.1} {:.1}",
                e.symplectic_euler,
                e.kinematic,
                e.kinematic_average,
                e.kinematic_ratio(),
                e.average_ratio()
            );
        }
    }
    for m in [
        MethodId::Kinematic,
        MethodId::KinematicAverage,
        MethodId::SymplecticEuler,
    ] {
        let s = two_springs_energy(m, 3.0 * 3600.0).unwrap();
        println!("{:?}: drift {:.4e} spread {:.4e}", m, s.drift(), s.spread());
    }
}
