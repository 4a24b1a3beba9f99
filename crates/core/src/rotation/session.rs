//! A session of spinning bodies: several rotation methods stepping one body side by side, each with its
//! history, against the truth's; what the page will show of them (the CLI's `run` writes the same rows as a
//! table, [`super::csv`]). Histories are column-major ([`COLUMNS`]) and recorded every [`Stride`] steps within
//! the same budget of numbers as the linear family's sessions ([`crate::session::HISTORY_BUDGET`]).

use super::methods::RotationMethodId;
use super::scenarios::{RotationRun, RotationSetup, TruthRun};
use super::{attitude_angle, dot, norm, Spin};
use crate::run::Stride;
use crate::session::{shown, shown_time, History, Table, TableRow, HISTORY_BUDGET};
use crate::{format, Error, Precision};

/// The history's columns, in order: time, the body-frame ω, the attitude as stepped (explicit Euler's grows in
/// norm), the energies, ‖L‖, the world-frame vertical L·ẑ and the body's L3 (the heavy top's invariants), ‖q‖,
/// and the errors against the truth (the attitude's angle in rad; ω's largest
/// component in rad/s).
pub const COLUMNS: [&str; 17] = [
    "t",
    "omega_1",
    "omega_2",
    "omega_3",
    "q_w",
    "q_x",
    "q_y",
    "q_z",
    "energy",
    "kinetic",
    "potential",
    "L_norm",
    "L_z",
    "L_3",
    "q_norm",
    "error",
    "omega_error",
];

/// The fewest rows a history keeps, whatever the budget.
const MIN_ROWS: usize = 200;

struct Track {
    run: RotationRun,
    history: History,
    /// Whether its last finite state has been recorded since it stopped.
    closed: bool,
}

impl Track {
    /// Steps the run to step `n`, recording a row where the stride says, against the truth at `n`.
    fn step(&mut self, setup: &RotationSetup, stride: &Stride, n: u64, truth: &Spin) {
        let t = n as f64 * setup.dt;
        if self.run.step() {
            if stride.records(n) {
                self.history
                    .push(row(setup, t, &self.run.spin, truth).into_iter());
            }
        } else if !self.closed {
            // Its last finite state, once, where it was not on the grid already.
            self.closed = true;
            let last = self.run.steps;
            if !stride.records(last) {
                let at = last as f64 * setup.dt;
                // Against the truth it is compared with on the grid: the last row's, as the CSV leaves a
                // stopped run's truth cells empty.
                let mut cells = row(setup, at, &self.run.spin, truth);
                cells[COLUMNS.len() - 2] = f64::NAN;
                cells[COLUMNS.len() - 1] = f64::NAN;
                self.history.push(cells.into_iter());
            }
        }
    }
}

/// Several rotation methods on one body, stepped together.
pub struct SpinSession {
    setup: RotationSetup,
    stride: Stride,
    step: u64,
    tracks: Vec<Track>,
    truth: TruthRun,
    truth_spin: Spin,
    truth_history: History,
}

/// A row of the history: `spin` at `t` against `truth`.
fn row(setup: &RotationSetup, t: f64, spin: &Spin, truth: &Spin) -> [f64; COLUMNS.len()] {
    let (kinetic, potential) = setup.body.energy(spin);
    let l = setup.body.momentum(&spin.omega);
    let omega_error = (0..3)
        .map(|i| (spin.omega[i] - truth.omega[i]).abs())
        .fold(0.0, f64::max);
    [
        t,
        spin.omega[0],
        spin.omega[1],
        spin.omega[2],
        spin.q[0],
        spin.q[1],
        spin.q[2],
        spin.q[3],
        kinetic + potential,
        kinetic,
        potential,
        dot(&l, &l).sqrt(),
        setup.body.world_momentum(spin)[2],
        l[2],
        norm(&spin.q),
        attitude_angle(&spin.q, &truth.q),
        omega_error,
    ]
}

impl SpinSession {
    pub fn new(setup: RotationSetup, methods: &[RotationMethodId]) -> SpinSession {
        let rows = (HISTORY_BUDGET / (COLUMNS.len() * (methods.len() + 1))).max(MIN_ROWS) as u64;
        let stride = Stride::within(setup.steps(), rows);
        let capacity = stride.rows();
        let mut truth = setup.truth();
        let truth_spin = truth.at(0);
        let mut truth_history = History::new(COLUMNS.len(), capacity);
        truth_history.push(row(&setup, 0.0, &truth_spin, &truth_spin).into_iter());
        let tracks = methods
            .iter()
            .map(|&m| {
                let run = setup.run(m);
                let mut history = History::new(COLUMNS.len(), capacity);
                history.push(row(&setup, 0.0, &run.spin, &truth_spin).into_iter());
                Track {
                    run,
                    history,
                    closed: false,
                }
            })
            .collect();
        SpinSession {
            setup,
            stride,
            step: 0,
            tracks,
            truth,
            truth_spin,
            truth_history,
        }
    }

    /// Steps every method and the truth up to `steps` steps on (or to the run's end); returns the steps taken.
    pub fn advance(&mut self, steps: u64) -> u64 {
        let start = self.step;
        let end = self.setup.steps().min(start.saturating_add(steps));
        while self.step < end {
            self.step += 1;
            let n = self.step;
            self.truth_spin = self.truth.at(n);
            let t = n as f64 * self.setup.dt;
            let recorded = self.stride.records(n);
            if recorded {
                self.truth_history
                    .push(row(&self.setup, t, &self.truth_spin, &self.truth_spin).into_iter());
            }
            for track in &mut self.tracks {
                track.step(&self.setup, &self.stride, n, &self.truth_spin);
            }
        }
        self.step - start
    }

    pub fn setup(&self) -> &RotationSetup {
        &self.setup
    }

    pub fn step(&self) -> u64 {
        self.step
    }

    pub fn total_steps(&self) -> u64 {
        self.setup.steps()
    }

    pub fn t(&self) -> f64 {
        self.step as f64 * self.setup.dt
    }

    /// Every how many steps a row is recorded.
    pub fn stride(&self) -> u64 {
        self.stride.every
    }

    /// Method tracks; the truth is the track after them, at index `tracks()`.
    pub fn tracks(&self) -> usize {
        self.tracks.len()
    }

    pub fn method(&self, track: usize) -> Option<RotationMethodId> {
        self.tracks.get(track).map(|t| t.run.method)
    }

    /// A track's history (the truth's at index `tracks()`), columns as [`COLUMNS`].
    pub fn history(&self, track: usize) -> Option<&History> {
        if track == self.tracks.len() {
            Some(&self.truth_history)
        } else {
            self.tracks.get(track).map(|t| &t.history)
        }
    }

    /// A track's latest state (the truth's at index `tracks()`): the attitude, then ω.
    pub fn current(&self, track: usize) -> Option<[f64; 7]> {
        let spin = if track == self.tracks.len() {
            &self.truth_spin
        } else {
            &self.tracks.get(track)?.run.spin
        };
        Some([
            spin.q[0],
            spin.q[1],
            spin.q[2],
            spin.q[3],
            spin.omega[0],
            spin.omega[1],
            spin.omega[2],
        ])
    }

    /// Adds a method as track `at`, caught up to the current step with the history it would have had (stepped
    /// against a truth of its own, so the session's stays where it is); refused where the histories would
    /// outgrow their budget.
    pub fn insert(&mut self, at: usize, method: RotationMethodId) -> Result<(), Error> {
        let rows = self.stride.rows();
        if rows * COLUMNS.len() * (self.tracks.len() + 2) > HISTORY_BUDGET {
            return Err(Error::Inconsistent(
                "the histories would outgrow their budget".into(),
            ));
        }
        let mut truth = self.setup.truth();
        let start = truth.at(0);
        let run = self.setup.run(method);
        let mut history = History::new(COLUMNS.len(), rows);
        history.push(row(&self.setup, 0.0, &run.spin, &start).into_iter());
        let mut track = Track {
            run,
            history,
            closed: false,
        };
        for n in 1..=self.step {
            let now = truth.at(n);
            track.step(&self.setup, &self.stride, n, &now);
        }
        self.tracks.insert(at.min(self.tracks.len()), track);
        Ok(())
    }

    /// Removes track `at`; the others go on. False where there is no such track.
    pub fn remove(&mut self, at: usize) -> bool {
        if at >= self.tracks.len() {
            return false;
        }
        self.tracks.remove(at);
        true
    }

    /// Torque evaluations a track's method has made.
    pub fn evaluations(&self, track: usize) -> u64 {
        self.tracks
            .get(track)
            .map_or(0, |t| t.run.steps * t.run.method.info().evaluations)
    }

    /// The reference run's step, where the truth (or its attitude) is a reference run.
    pub fn reference_step(&self) -> Option<f64> {
        self.truth.reference_step()
    }

    /// The time of the step at which a track's state stopped being finite.
    pub fn diverged_at(&self, track: usize) -> Option<f64> {
        let run = &self.tracks.get(track)?.run;
        run.diverged.then(|| (run.steps + 1) as f64 * self.setup.dt)
    }

    /// How a track's run ended early, in the core's words ("diverged at t = 2.5 s"), its time at `digits`
    /// significant figures (every digit without); `None` while it runs on.
    pub fn ending(&self, track: usize, digits: Option<usize>) -> Option<String> {
        Some(format::ending(
            &shown_time(self.diverged_at(track)?, digits),
            None,
        ))
    }

    /// Index of a history column by its name in [`COLUMNS`].
    fn column(name: &str) -> usize {
        COLUMNS.iter().position(|c| *c == name).unwrap_or(0)
    }

    /// Every track's values at its last recorded row (the truth's last), as the page's values table shows them:
    /// the step, t, the body-frame ω, the energy, ‖L‖, ‖q‖ and the attitude's error (every digit as the CSV
    /// writes it, or `digits` significant ones).
    pub fn values_table(&self, digits: Option<usize>) -> Table {
        const SHOWN: [&str; 7] = [
            "omega_1", "omega_2", "omega_3", "energy", "L_norm", "q_norm", "error",
        ];
        let columns = ["step", "t"]
            .into_iter()
            .chain(SHOWN)
            .map(str::to_string)
            .collect();
        let rows = (0..=self.tracks.len())
            .filter_map(|k| {
                let h = self.history(k)?;
                let truth = k == self.tracks.len();
                let t = h.last(0);
                let mut cells = vec![
                    format!("{}", (t / self.setup.dt).round()),
                    shown_time(t, digits),
                ];
                cells.extend(SHOWN.iter().map(|name| {
                    if truth && *name == "error" {
                        String::new()
                    } else {
                        shown(h.last(Self::column(name)), Precision::F64, digits)
                    }
                }));
                Some(TableRow {
                    cells,
                    note: self.ending(k, digits).unwrap_or_default(),
                })
            })
            .collect();
        Table { columns, rows }
    }

    /// The last `rows` recorded rows of one track: t, the attitude as stepped and the body-frame ω.
    pub fn steps_table(&self, track: usize, rows: usize, digits: Option<usize>) -> Table {
        const SHOWN: [&str; 7] = ["q_w", "q_x", "q_y", "q_z", "omega_1", "omega_2", "omega_3"];
        let columns = std::iter::once("t")
            .chain(SHOWN)
            .map(str::to_string)
            .collect();
        let rows = self.history(track).map_or_else(Vec::new, |h| {
            let from = h.rows().saturating_sub(rows);
            (from..h.rows())
                .map(|i| TableRow {
                    cells: std::iter::once(shown_time(h.column(0)[i], digits))
                        .chain(SHOWN.iter().map(|name| {
                            shown(h.column(Self::column(name))[i], Precision::F64, digits)
                        }))
                        .collect(),
                    note: String::new(),
                })
                .collect()
        });
        Table { columns, rows }
    }

    /// The whole run as the CLI prints it, rows every `every` steps.
    pub fn csv(&self, every: u64) -> String {
        let methods: Vec<RotationMethodId> = self.tracks.iter().map(|t| t.run.method).collect();
        super::csv::to_string(&self.setup, &methods, None, every)
    }
}
