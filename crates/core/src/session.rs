//! A session: several methods stepping one setup side by side, each with its history, against the truth's.
//! The page's lab is a session (through the wasm crate, which only converts); the CLI's `run` writes the
//! same rows as a table ([`crate::csv`]).
//!
//! Histories are column-major (`t`, the positions, the velocities, `energy`, `kinetic`, `potential`,
//! `error`), sized once, and recorded every [`Session::stride`] steps within a budget of numbers, so an hour
//! of steps never outgrows memory. A track may have a step of its own (`runs=euler@0.0667,euler@0.0167`):
//! it then keeps its own time grid and its own truth, and takes as many of its steps as fit in the session's
//! time.

use crate::csv::{self, position_error};
use crate::run::{AnyRun, Setup, Stride, TruthRun};
use crate::shadow::Shadow;
use crate::{format, Error, Method, Precision, State};
use std::cell::OnceCell;

/// How many numbers all histories of a session may hold together (32 MB of f64).
pub const HISTORY_BUDGET: usize = 4_000_000;

/// The fewest rows a history keeps, whatever the budget.
const MIN_ROWS: usize = 200;

/// Points the truth's history has over a run at the least: a run of few, long steps still draws the true
/// curve smooth (a 1.6-s spring at dt = 5 s is not a 60-s wave), sampled between the steps.
pub const TRUTH_POINTS: u64 = 2000;

/// Recorded rows, column by column. Each column's room is reserved once and never moves (the page reads
/// columns in place), and is not written until a row fills it: a long run's histories cost nothing to make
/// (zeroing a 100-mass chain's 32 MB held the page for tens of milliseconds). Rows past its capacity are
/// never asked for.
pub struct History {
    capacity: usize,
    rows: usize,
    columns: Vec<Vec<f64>>,
}

impl History {
    pub(crate) fn new(columns: usize, capacity: usize) -> Self {
        History {
            capacity,
            rows: 0,
            columns: (0..columns).map(|_| Vec::with_capacity(capacity)).collect(),
        }
    }

    /// Records a row: a value for each column (a column given none holds NaN there).
    pub(crate) fn push(&mut self, values: impl Iterator<Item = f64>) {
        if self.rows == self.capacity {
            return;
        }
        let mut values = values.fuse();
        for column in &mut self.columns {
            column.push(values.next().unwrap_or(f64::NAN));
        }
        self.rows += 1;
    }

    pub fn rows(&self) -> usize {
        self.rows
    }

    /// One column's recorded values.
    pub fn column(&self, c: usize) -> &[f64] {
        &self.columns[c]
    }

    /// The last recorded value of a column.
    pub(crate) fn last(&self, c: usize) -> f64 {
        self.column(c).last().copied().unwrap_or(f64::NAN)
    }
}

/// A run's own time grid, where its step is not the session's: its setup at its own dt, its own truth,
/// and its own stride.
struct OwnGrid {
    setup: Setup,
    truth: TruthRun,
    truth_state: State<f64>,
    stride: Stride,
}

struct Track {
    run: AnyRun,
    history: History,
    /// The latest state, for the scene: positions then velocities.
    current: Vec<f64>,
    grid: Option<OwnGrid>,
    /// The shadow energy its method keeps, where the lab knows one, worked out when first asked for (so that
    /// a build that never asks links none of it), and its value at each recorded row so far (see
    /// [`Session::shadow`]).
    shadow: OnceCell<Option<Shadow>>,
    shadow_values: Vec<f64>,
    /// What the shadow series adds to each value: its start's energy less its start's shadow energy.
    shadow_offset: f64,
    /// Its twin from a nudged start, where the session has a nudge: stepped with it, their separation
    /// recorded at each of its rows ([`crate::chaos::separation`]; NaN once the twin has stopped).
    twin: Option<AnyRun>,
    separation: Vec<f64>,
    /// The twin's latest state, for the scene (empty without a twin).
    twin_current: Vec<f64>,
}

impl Track {
    fn new(run: AnyRun, history: History, dim: usize, grid: Option<OwnGrid>) -> Self {
        Track {
            run,
            history,
            current: vec![0.0; 2 * dim],
            grid,
            shadow: OnceCell::new(),
            shadow_values: Vec::new(),
            shadow_offset: 0.0,
            twin: None,
            separation: Vec::new(),
            twin_current: Vec::new(),
        }
    }

    /// Copies its run's latest state, and its twin's, for the scene.
    fn refresh(&mut self, scratch: &mut State<f64>) {
        let dim = scratch.dim();
        self.run.state_into(scratch);
        self.current[..dim].copy_from_slice(&scratch.x);
        self.current[dim..].copy_from_slice(&scratch.v);
        if let Some(twin) = &self.twin {
            twin.state_into(scratch);
            self.twin_current.resize(2 * dim, 0.0);
            self.twin_current[..dim].copy_from_slice(&scratch.x);
            self.twin_current[dim..].copy_from_slice(&scratch.v);
        }
    }

    /// Takes one step, and its twin's; false once the run has diverged (a twin that diverges first stays
    /// where it stopped).
    fn step(&mut self) -> bool {
        let stepped = self.run.step();
        if let (true, Some(twin)) = (stepped, &mut self.twin) {
            twin.step();
        }
        stepped
    }

    /// Records a row of its history, `state` being its run's, and the separation from its twin.
    fn record(
        &mut self,
        setup: &Setup,
        t: f64,
        state: &State<f64>,
        truth: &State<f64>,
        scratch: &mut State<f64>,
    ) {
        push_row(&mut self.history, setup, t, state, truth);
        if let Some(twin) = &self.twin {
            if self.separation.len() < self.history.rows() {
                let steps = self.run.steps();
                let d = crate::chaos::separation_from(setup, state, steps, twin, scratch);
                self.separation.push(d);
            }
        }
    }
}

/// The shadow energy `run`'s method keeps on `setup`, worked out into `cell` when first asked for.
fn shadow_in<'a>(
    cell: &'a OnceCell<Option<Shadow>>,
    run: &AnyRun,
    setup: &Setup,
) -> Option<&'a Shadow> {
    cell.get_or_init(|| crate::shadow::shadow_energy(setup, run.method()))
        .as_ref()
}

/// One row of a formatted table: the cells, and a note (why a method's row stops, or empty).
#[derive(Clone, Debug, PartialEq)]
pub struct TableRow {
    pub cells: Vec<String>,
    pub note: String,
}

/// A table formatted by the core, cell for cell as the CSV prints the same numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub columns: Vec<String>,
    pub rows: Vec<TableRow>,
}

/// Methods stepping one setup side by side, with their histories and the truth's.
pub struct Session {
    setup: Setup,
    precision: Precision,
    tracks: Vec<Track>,
    truth: TruthRun,
    truth_history: History,
    truth_current: Vec<f64>,
    truth_state: State<f64>,
    scratch: State<f64>,
    /// A twin's state, read beside `scratch`.
    twin_scratch: State<f64>,
    /// The nudge of each track's twin, where the session has twins ([`Session::nudge`]).
    nudge: Option<f64>,
    step: u64,
    stride: Stride,
    column_count: usize,
    /// Points of the truth's history a step (1 unless the run has fewer than [`TRUTH_POINTS`] steps).
    truth_refine: u64,
    /// The truth's next point to record.
    truth_next: u64,
}

/// A value as the CSV writes it at a precision, or rounded to `digits` significant digits for reading.
pub(crate) fn shown(value: f64, precision: Precision, digits: Option<usize>) -> String {
    match digits {
        None => format::value(value, precision),
        Some(n) => format::significant(value, n),
    }
}

/// A time as the CSV writes it (12 significant digits), or rounded to `digits` for reading.
pub(crate) fn shown_time(t: f64, digits: Option<usize>) -> String {
    match digits {
        None => format::time(t),
        Some(n) => format::significant(t, n),
    }
}

/// Appends a row: t, positions, velocities, energy, kinetic, potential, error.
fn push_row(history: &mut History, setup: &Setup, t: f64, state: &State<f64>, truth: &State<f64>) {
    let energy = setup.energy(state);
    let error = position_error(state, truth);
    history.push(
        std::iter::once(t)
            .chain(state.x.iter().copied())
            .chain(state.v.iter().copied())
            .chain([energy.total(), energy.kinetic, energy.potential, error]),
    );
}

impl Session {
    /// A session of `runs` — each a method, with a step of its own or `None` for the setup's — in
    /// `precision`. The setup's step is the truth's grid.
    pub fn new<M: Clone + Into<Method>>(
        setup: Setup,
        runs: &[(M, Option<f64>)],
        precision: Precision,
    ) -> Result<Session, Error> {
        let runs: Vec<(Method, Option<f64>)> =
            runs.iter().map(|(m, dt)| (m.clone().into(), *dt)).collect();
        Session::of(setup, &runs, precision)
    }

    /// The body of [`Session::new`], not generic: its code is made once, in this crate (a generic body would be
    /// made again in each crate that calls it, every integrator with it).
    fn of(
        setup: Setup,
        runs: &[(Method, Option<f64>)],
        precision: Precision,
    ) -> Result<Session, Error> {
        if runs.is_empty() {
            return Err(Error::NoMethods);
        }
        let own: Vec<Option<Setup>> = runs
            .iter()
            .map(|(_, dt)| match *dt {
                Some(dt) if dt != setup.dt => setup.with_dt(dt).map(Some),
                _ => Ok(None),
            })
            .collect::<Result<_, Error>>()?;
        let columns = Session::columns_of(&setup);
        let rows_allowed = (HISTORY_BUDGET / (columns * (runs.len() + 1))).max(MIN_ROWS) as u64;
        let stride = Stride::within(setup.steps(), rows_allowed);
        let dim = setup.system().dim;
        let tracks = runs
            .iter()
            .zip(own)
            .map(|((method, _), own)| {
                let grid = own.map(|own| OwnGrid {
                    truth: own.truth(),
                    truth_state: own.initial(),
                    stride: Stride::within(own.steps(), rows_allowed),
                    setup: own,
                });
                let (run_setup, rows) = match &grid {
                    Some(c) => (&c.setup, c.stride.rows()),
                    None => (&setup, stride.rows()),
                };
                Track::new(
                    AnyRun::new(run_setup, method.clone(), precision),
                    History::new(columns, rows),
                    dim,
                    grid,
                )
            })
            .collect();
        let refine = TRUTH_POINTS.div_ceil(setup.steps().max(1)).max(1);
        let truth_rows = if refine > 1 {
            (setup.steps() * refine + 2) as usize
        } else {
            stride.rows()
        };
        let initial = setup.initial();
        let mut session = Session {
            truth: TruthRun::refined(&setup, refine),
            truth_history: History::new(columns, truth_rows),
            truth_refine: refine,
            truth_next: 0,
            truth_current: vec![0.0; 2 * dim],
            truth_state: initial.clone(),
            twin_scratch: initial.clone(),
            nudge: None,
            scratch: initial,
            precision,
            tracks,
            setup,
            step: 0,
            stride,
            column_count: columns,
        };
        session.record_shared(0);
        for track in &mut session.tracks {
            if let Some(c) = &mut track.grid {
                track.run.state_into(&mut session.scratch);
                push_row(
                    &mut track.history,
                    &c.setup,
                    0.0,
                    &session.scratch,
                    &c.truth_state,
                );
            }
        }
        session.refresh_current();
        Ok(session)
    }

    /// Columns of every history of a setup: t, positions, velocities, energy, kinetic, potential, error.
    fn columns_of(setup: &Setup) -> usize {
        1 + 2 * setup.system().dim + 4
    }

    /// How many columns every history has (see [`Session::columns`] for their names).
    pub fn column_count(&self) -> usize {
        self.column_count
    }

    /// Records row `step` of the session's grid: the truth, and every running track that shares the grid.
    fn record_shared(&mut self, step: u64) {
        let t = step as f64 * self.setup.dt;
        // The truth's own points: between the previous step and this one when it is refined.
        // The truth's points since the last recorded: every point of its finer grid when refined; else just
        // this step, on the session's stride.
        let refine = self.truth_refine;
        let first = if refine == 1 { step } else { self.truth_next };
        for point in first..=step * refine {
            self.truth.at_fine_into(point, &mut self.truth_state);
            let at = self.truth.point_time(point);
            let truth = &self.truth_state;
            push_row(&mut self.truth_history, &self.setup, at, truth, truth);
        }
        self.truth_next = step * refine + 1;
        let truth = &self.truth_state;
        for track in &mut self.tracks {
            if track.grid.is_some() || track.run.diverged_at().is_some() {
                continue;
            }
            track.run.state_into(&mut self.scratch);
            track.record(&self.setup, t, &self.scratch, truth, &mut self.twin_scratch);
        }
    }

    /// Track `k`, which has just diverged, records its last finite state, unless that row is already there.
    fn record_last(&mut self, k: usize) {
        let Session {
            tracks,
            setup,
            stride,
            truth,
            truth_state,
            scratch,
            twin_scratch,
            ..
        } = self;
        let track = &mut tracks[k];
        let last = track.run.steps();
        match &mut track.grid {
            Some(c) => {
                if c.stride.records(last) {
                    return;
                }
                c.truth.at_into(last, &mut c.truth_state);
                track.run.state_into(scratch);
                let t = last as f64 * c.setup.dt;
                push_row(&mut track.history, &c.setup, t, scratch, &c.truth_state);
            }
            None => {
                if stride.records(last) {
                    return;
                }
                truth.at_into(last, truth_state);
                track.run.state_into(scratch);
                let t = last as f64 * setup.dt;
                track.record(setup, t, scratch, truth_state, twin_scratch);
            }
        }
    }

    /// Steps the tracks with a time grid of their own up to time `t` (all the way to their end when `last`).
    fn catch_up(&mut self, t: f64, last: bool) {
        for index in 0..self.tracks.len() {
            let track = &mut self.tracks[index];
            let Some(c) = &mut track.grid else { continue };
            let total = c.setup.steps();
            loop {
                let k = track.run.steps();
                let due = last || (k + 1) as f64 * c.setup.dt <= t + 1e-9 * c.setup.dt;
                if k >= total || !due {
                    break;
                }
                if !track.run.step() {
                    self.record_last(index);
                    break;
                }
                let k = k + 1;
                if c.stride.records(k) {
                    c.truth.at_into(k, &mut c.truth_state);
                    track.run.state_into(&mut self.scratch);
                    let at = k as f64 * c.setup.dt;
                    push_row(
                        &mut track.history,
                        &c.setup,
                        at,
                        &self.scratch,
                        &c.truth_state,
                    );
                }
            }
        }
    }

    fn refresh_current(&mut self) {
        let dim = self.scratch.dim();
        for track in &mut self.tracks {
            track.refresh(&mut self.scratch);
        }
        self.truth.at_into(self.step, &mut self.truth_state);
        self.truth_current[..dim].copy_from_slice(&self.truth_state.x);
        self.truth_current[dim..].copy_from_slice(&self.truth_state.v);
    }

    /// Adds `method` as track `at` on the session's grid, caught up to the current step: the reader who ticks
    /// a method mid-run sees it join at the same time, with its history from t = 0, as if it had run all
    /// along (it has: stepping is deterministic). Refused when the session's histories would outgrow their
    /// budget, or it compares runs at several steps; the page then starts afresh.
    pub fn insert(&mut self, at: usize, method: impl Into<Method>) -> Result<(), Error> {
        self.insert_of(at, method.into())
    }

    /// The body of [`Session::insert`], not generic (see [`Session::of`]).
    fn insert_of(&mut self, at: usize, method: Method) -> Result<(), Error> {
        if self.tracks.iter().any(|t| t.grid.is_some()) {
            return Err(Error::Inconsistent(
                "a comparison of runs at several steps takes no further method".into(),
            ));
        }
        let rows = self.stride.rows();
        if rows * self.column_count * (self.tracks.len() + 2) > HISTORY_BUDGET {
            return Err(Error::Inconsistent(
                "the histories would outgrow their budget".into(),
            ));
        }
        let dim = self.scratch.dim();
        let mut track = Track::new(
            AnyRun::new(&self.setup, method.clone(), self.precision),
            History::new(self.column_count, rows),
            dim,
            None,
        );
        track.twin = self
            .nudge
            .map(|delta| AnyRun::nudged(&self.setup, method, self.precision, delta));
        // Its own truth, so the session's (which may be a reference run part-way) is left where it is.
        let mut truth = self.setup.truth();
        let mut truth_state = self.setup.initial();
        let mut state = self.setup.initial();
        let mut twin_state = self.setup.initial();
        track.record(&self.setup, 0.0, &state, &truth_state, &mut twin_state);
        for k in 1..=self.step {
            if !track.step() {
                let last = track.run.steps();
                if !self.stride.records(last) {
                    truth.at_into(last, &mut truth_state);
                    track.run.state_into(&mut state);
                    let t = last as f64 * self.setup.dt;
                    track.record(&self.setup, t, &state, &truth_state, &mut twin_state);
                }
                break;
            }
            if self.stride.records(k) {
                truth.at_into(k, &mut truth_state);
                track.run.state_into(&mut state);
                let t = k as f64 * self.setup.dt;
                track.record(&self.setup, t, &state, &truth_state, &mut twin_state);
            }
        }
        track.refresh(&mut state);
        self.tracks.insert(at.min(self.tracks.len()), track);
        Ok(())
    }

    /// Gives each track a twin from the setup's start with its first coordinate moved by `delta` (checked:
    /// [`crate::chaos::check_nudge`]), stepped with it; [`Session::separation`] then reads how far apart the
    /// two are at each recorded row. Only before the first step, and not for runs at steps of their own.
    pub fn nudge(&mut self, delta: f64) -> Result<(), Error> {
        let delta = crate::chaos::check_nudge(delta)?;
        if self.step > 0 || self.tracks.iter().any(|t| t.grid.is_some()) {
            return Err(Error::Inconsistent(
                "a nudge twins each method from the start, at the run's dt".into(),
            ));
        }
        self.nudge = Some(delta);
        for track in &mut self.tracks {
            let twin = AnyRun::nudged(
                &self.setup,
                track.run.method().clone(),
                self.precision,
                delta,
            );
            twin.state_into(&mut self.twin_scratch);
            track.run.state_into(&mut self.scratch);
            track.separation = vec![crate::chaos::separation(
                &self.setup,
                &self.scratch,
                &self.twin_scratch,
            )];
            track.twin = Some(twin);
            track.refresh(&mut self.scratch);
        }
        Ok(())
    }

    /// The nudge of the tracks' twins, where they have twins.
    pub fn nudged(&self) -> Option<f64> {
        self.nudge
    }

    /// How far track `k` is from its twin at each of its recorded rows (NaN once the twin has stopped), where
    /// the session has twins.
    pub fn separation(&self, k: usize) -> Option<&[f64]> {
        let track = self.tracks.get(k)?;
        track.twin.as_ref().map(|_| track.separation.as_slice())
    }

    /// Removes track `at` (the others go on where they are).
    pub fn remove(&mut self, at: usize) -> Result<(), Error> {
        if self.tracks.len() <= 1 || at >= self.tracks.len() {
            return Err(Error::NoMethods);
        }
        self.tracks.remove(at);
        Ok(())
    }

    /// Advances by up to `steps` steps of the session's dt (never past the end); tracks with a step of their
    /// own take as many of theirs as fit in the same time. Returns the session's steps taken.
    pub fn advance(&mut self, steps: u64) -> u64 {
        let total = self.total_steps();
        let target = self.step.saturating_add(steps).min(total);
        let start = self.step;
        while self.step < target {
            self.step += 1;
            for index in 0..self.tracks.len() {
                let track = &mut self.tracks[index];
                if track.grid.is_none() && track.run.diverged_at().is_none() && !track.step() {
                    self.record_last(index);
                }
            }
            if self.stride.records(self.step) {
                self.record_shared(self.step);
            }
        }
        if self.step > start {
            self.catch_up(self.step as f64 * self.setup.dt, self.step == total);
        }
        self.refresh_current();
        self.step - start
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    pub fn precision(&self) -> Precision {
        self.precision
    }

    /// Steps taken on the session's grid.
    pub fn step(&self) -> u64 {
        self.step
    }

    pub fn total_steps(&self) -> u64 {
        self.setup.steps()
    }

    pub fn done(&self) -> bool {
        self.step >= self.total_steps()
    }

    pub fn t(&self) -> f64 {
        self.step as f64 * self.setup.dt
    }

    /// Every how many steps of the session's grid a row is recorded.
    pub fn stride(&self) -> u64 {
        self.stride.every
    }

    /// Every how many of its own steps a track's rows are recorded: the session's stride, or that of a run at
    /// a dt of its own; the truth's (at index `tracks()`) is the session's.
    pub fn track_stride(&self, track: usize) -> u64 {
        self.tracks
            .get(track)
            .and_then(|t| t.grid.as_ref())
            .map_or(self.stride.every, |c| c.stride.every)
    }

    /// Method tracks; the truth is the track after them, at index `tracks()`.
    pub fn tracks(&self) -> usize {
        self.tracks.len()
    }

    /// The names of the history columns: `t`, the positions, the velocities, `energy`, `kinetic`,
    /// `potential`, `error`.
    pub fn columns(&self) -> Vec<String> {
        let c = self.setup.coordinates();
        std::iter::once("t".to_string())
            .chain(c.positions)
            .chain(c.velocities)
            .chain(["energy", "kinetic", "potential", "error"].map(String::from))
            .collect()
    }

    /// Points of the truth's history a step of the session's dt: its history is on a grid of its own (finer
    /// than the tracks') when this is more than 1.
    pub fn truth_refine(&self) -> u64 {
        self.truth_refine
    }

    /// A track's history; the truth's at index `tracks()`.
    pub fn history(&self, track: usize) -> Option<&History> {
        if track == self.tracks.len() {
            Some(&self.truth_history)
        } else {
            self.tracks.get(track).map(|t| &t.history)
        }
    }

    /// Track `k`'s own exponential stretch from its twin so far ([`crate::chaos::stretch`] up to
    /// [`crate::chaos::PREDICTION_TOLERANCE`]), in 1/s, where the session has twins and enough rows.
    pub fn stretch(&self, k: usize) -> Option<f64> {
        let separation = self.separation(k)?;
        let t = self.tracks[k].history.column(0);
        crate::chaos::stretch(t, separation, crate::chaos::PREDICTION_TOLERANCE)
    }

    /// The latest state of a track's twin (positions, then velocities), where the session has twins.
    pub fn twin_current(&self, track: usize) -> Option<&[f64]> {
        let track = self.tracks.get(track)?;
        track.twin.as_ref().map(|_| track.twin_current.as_slice())
    }

    /// A track's latest state (positions, then velocities); the truth's at index `tracks()`.
    pub fn current(&self, track: usize) -> Option<&[f64]> {
        if track == self.tracks.len() {
            Some(&self.truth_current)
        } else {
            self.tracks.get(track).map(|t| t.current.as_slice())
        }
    }

    pub fn method(&self, track: usize) -> Option<&Method> {
        self.tracks.get(track).map(|t| t.run.method())
    }

    /// A track's step: its own, or the session's.
    pub fn track_dt(&self, track: usize) -> f64 {
        self.tracks
            .get(track)
            .and_then(|t| t.grid.as_ref())
            .map_or(self.setup.dt, |c| c.setup.dt)
    }

    /// Steps a track has taken (its own steps, where it has a dt of its own).
    pub fn track_steps(&self, track: usize) -> u64 {
        self.tracks.get(track).map_or(self.step, |t| t.run.steps())
    }

    /// Time of the step at which a method's state stopped being finite.
    pub fn diverged_at(&self, track: usize) -> Option<f64> {
        let t = self.tracks.get(track)?;
        Some(t.run.diverged_at()? as f64 * self.track_dt(track))
    }

    /// How a track's run ended early, in the core's words ([`format::ending`]), its time at `digits`
    /// significant figures (or as the CSV prints it); `None` while it runs on.
    pub fn ending(&self, track: usize, digits: Option<usize>) -> Option<String> {
        let at = shown_time(self.diverged_at(track)?, digits);
        Some(format::ending(&at, self.failure(track).as_deref()))
    }

    /// The shadow energy a track's method keeps, where the lab knows one (see [`crate::shadow`]).
    pub fn shadow_of(&self, track: usize) -> Option<&Shadow> {
        let t = self.tracks.get(track)?;
        shadow_in(
            &t.shadow,
            &t.run,
            t.grid.as_ref().map_or(&self.setup, |c| &c.setup),
        )
    }

    /// Why a track's symplectic method has no shadow energy here (see [`crate::shadow::missing`]).
    pub fn shadow_missing(&self, track: usize) -> Option<&'static str> {
        let t = self.tracks.get(track)?;
        let setup = t.grid.as_ref().map_or(&self.setup, |c| &c.setup);
        crate::shadow::missing(setup, t.run.method())
    }

    /// A track's shadow energy at each recorded row, less a constant that starts it at the track's energy,
    /// where the lab knows it (see [`crate::shadow`]); `None` elsewhere and for the truth. Each row's value
    /// is worked out once, when first asked for: a chart asks for the whole series every time it draws.
    pub fn shadow(&mut self, track: usize) -> Option<&[f64]> {
        let t = self.tracks.get_mut(track)?;
        let setup = t.grid.as_ref().map_or(&self.setup, |c| &c.setup);
        let shadow = shadow_in(&t.shadow, &t.run, setup)?;
        let dim = t.current.len() / 2;
        let history = &t.history;
        let energy = history.column(1 + 2 * dim);
        let (mut xs, mut vs) = (vec![0.0; dim], vec![0.0; dim]);
        for (row, &e) in energy.iter().enumerate().skip(t.shadow_values.len()) {
            for i in 0..dim {
                xs[i] = history.column(1 + i)[row];
                vs[i] = history.column(1 + dim + i)[row];
            }
            // The first row is the start, which a method may report differently (see Shadow::at_start).
            // A shadow energy is defined up to a constant: the series starts at the track's own energy, so
            // that the dotted line leaves from the method's line and only its flatness tells.
            let value = if row == 0 {
                t.shadow_offset = e - shadow.at_start(setup, &xs, &vs);
                e
            } else {
                shadow.at(&xs, &vs, e) + t.shadow_offset
            };
            t.shadow_values.push(value);
        }
        Some(&t.shadow_values)
    }

    /// Why a track's method stopped, where it failed in a way of its own (a student's rule that raised an
    /// error): the page says so beside "diverged".
    pub fn failure(&self, track: usize) -> Option<String> {
        self.tracks.get(track)?.run.failure()
    }

    /// Force evaluations a method has made.
    pub fn evaluations(&self, track: usize) -> u64 {
        self.tracks.get(track).map_or(0, |t| t.run.evaluations())
    }

    /// The reference run's step where the truth is a reference run.
    pub fn reference_step(&self) -> Option<f64> {
        self.truth.reference_step()
    }

    /// The whole run as the CLI prints it, a row every `every` steps. Tracks with steps of their own give one
    /// table for each dt, as `integrator-lab run --dt …` prints it, separated by a blank line.
    pub fn csv(&self, every: u64) -> Result<String, Error> {
        let mut dts: Vec<f64> = Vec::new();
        for k in 0..self.tracks.len() {
            let dt = self.track_dt(k);
            if !dts.contains(&dt) {
                dts.push(dt);
            }
        }
        let tables = dts
            .iter()
            .map(|&dt| {
                let methods: Vec<Method> = (0..self.tracks.len())
                    .filter(|&k| self.track_dt(k) == dt)
                    .filter_map(|k| self.method(k).cloned())
                    .collect();
                let setup = self.setup.with_dt(dt)?;
                Ok(match self.nudge {
                    Some(delta) => {
                        csv::to_string_nudged(&setup, &methods, self.precision, every, delta)
                    }
                    None => csv::to_string(&setup, &methods, self.precision, every),
                })
            })
            .collect::<Result<Vec<String>, Error>>()?;
        Ok(tables.join("\n"))
    }

    /// Every track's last recorded row (the truth's last), for one position coordinate and its velocity:
    /// `step, t, x, v, energy, error`, each written as the CSV writes it (the truth in f64, a method at the
    /// session's precision), or rounded to `digits` significant digits for reading.
    pub fn values_table(&self, coordinate: usize, digits: Option<usize>) -> Table {
        let c = self.setup.coordinates();
        let dim = c.positions.len();
        let coordinate = coordinate.min(dim.saturating_sub(1));
        let columns = vec![
            "step".to_string(),
            "t".to_string(),
            c.positions[coordinate].clone(),
            c.velocities[coordinate].clone(),
            "energy".to_string(),
            "error".to_string(),
        ];
        let energy = 1 + 2 * dim;
        let rows = (0..=self.tracks.len())
            .filter_map(|k| {
                let h = self.history(k)?;
                let truth = k == self.tracks.len();
                let precision = if truth {
                    Precision::F64
                } else {
                    self.precision
                };
                let t = h.last(0);
                let value = |col: usize| shown(h.last(col), precision, digits);
                let note = self.ending(k, digits).unwrap_or_default();
                Some(TableRow {
                    cells: vec![
                        format!("{}", (t / self.track_dt(k)).round()),
                        shown_time(t, digits),
                        value(1 + coordinate),
                        value(1 + dim + coordinate),
                        value(energy),
                        if truth {
                            String::new()
                        } else {
                            shown(h.last(energy + 3), Precision::F64, digits)
                        },
                    ],
                    note,
                })
            })
            .collect();
        Table { columns, rows }
    }

    /// The last `rows` recorded rows of one track, laid out as Fiedler prints his table: `t`, a position and
    /// its velocity (every digit, or `digits` significant ones).
    pub fn steps_table(
        &self,
        track: usize,
        coordinate: usize,
        rows: usize,
        digits: Option<usize>,
    ) -> Table {
        let c = self.setup.coordinates();
        let dim = c.positions.len();
        let coordinate = coordinate.min(dim.saturating_sub(1));
        let columns = vec![
            "t".to_string(),
            c.positions[coordinate].clone(),
            c.velocities[coordinate].clone(),
        ];
        let Some(h) = self.history(track) else {
            return Table {
                columns,
                rows: Vec::new(),
            };
        };
        let precision = if track == self.tracks.len() {
            Precision::F64
        } else {
            self.precision
        };
        let first = h.rows().saturating_sub(rows);
        let (t, x, v) = (
            h.column(0),
            h.column(1 + coordinate),
            h.column(1 + dim + coordinate),
        );
        let rows = (first..h.rows())
            .map(|i| TableRow {
                cells: vec![
                    shown_time(t[i], digits),
                    shown(x[i], precision, digits),
                    shown(v[i], precision, digits),
                ],
                note: String::new(),
            })
            .collect();
        Table { columns, rows }
    }
}
