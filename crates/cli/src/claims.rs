//! `integrator-lab claims`: the figures behind docs/claims.md, measured afresh.

use std::io::Write;

use integrator_lab::analysis::stability_limit;
use integrator_lab::claims::{
    first_step_ratio_theory, spring_order, two_springs_energy, two_springs_energy_predicted,
    two_springs_errors, two_springs_first_steps,
};
use integrator_lab::{Error, MethodId};

use crate::{Failure, Outcome};

fn report() -> Result<String, Error> {
    let mut out = String::new();
    out += "# Semi-implicit Euler's order (True Physics says 2)\n";
    out += "method,fitted_order_on_spring\n";
    for m in [MethodId::Euler, MethodId::SymplecticEuler, MethodId::Verlet] {
        out += &format!("{},{:.4}\n", m.id(), spring_order(m, 5)?);
    }
    out += "\n# Two springs: largest position error over the run (True Physics says 12,000x and 58 million x)\n";
    out += "dt,until,symplectic_euler,kinematic,kinematic_average,ratio_kinematic,ratio_average\n";
    for until in [10.0, 60.0] {
        for hz in [30.0, 60.0, 120.0, 240.0, 480.0, 960.0] {
            let e = two_springs_errors(1.0 / hz, until)?;
            out += &format!(
                "1/{hz},{until},{:.4e},{:.4e},{:.4e},{:.1},{:.1}\n",
                e.symplectic_euler,
                e.kinematic,
                e.kinematic_average,
                e.kinematic_ratio(),
                e.average_ratio()
            );
        }
    }
    out += &format!(
        "\n# Two springs from rest at dt = 1/60 s: where 12,000x comes from (first-step theory 6(1/k1 + 1/k2)m/dt^2 = {:.1})\n",
        first_step_ratio_theory()?
    );
    out += "steps,symplectic_euler,kinematic,kinematic_average,ratio_kinematic,ratio_average\n";
    for e in two_springs_first_steps(&[1, 2, 5, 10, 60, 600])? {
        out += &format!(
            "{},{:.4e},{:.4e},{:.4e},{:.1},{:.1}\n",
            e.steps,
            e.symplectic_euler,
            e.kinematic,
            e.kinematic_average,
            e.kinematic_ratio(),
            e.average_ratio()
        );
    }
    out += "\n# Two springs at dt = 1/60 s: energy change after 3 hours (True Physics says about -5 % for average acceleration)\n";
    out += "method,relative_energy_change_at_the_end,behaviour,predicted_by_the_step_determinant\n";
    for m in [
        MethodId::KinematicAverage,
        MethodId::Kinematic,
        MethodId::SymplecticEuler,
    ] {
        let e = two_springs_energy(m, 3.0 * 3600.0)?;
        let predicted = two_springs_energy_predicted(m, 3.0 * 3600.0)?;
        out += &format!(
            "{},{:.5},{},{:.5}\n",
            m.id(),
            e.drift(),
            e.describe(),
            predicted
        );
    }
    out += "\n# Largest stable omega*dt on the undamped spring\n";
    out += "method,measured,theory\n";
    for m in MethodId::ALL {
        out += &format!(
            "{},{},{}\n",
            m.id(),
            stability_limit(m).text(),
            m.info().stability.text()
        );
    }
    Ok(out)
}

pub fn print(out: &mut impl Write) -> Outcome {
    out.write_all(report().map_err(Failure::from)?.as_bytes())?;
    Ok(out.flush()?)
}
