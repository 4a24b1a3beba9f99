//! `step` never allocates: every method on every scenario, counted by a global allocator on the test's own
//! thread (the test harness's other threads may allocate meanwhile: printing its progress, say).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use integrator_lab::{scenarios, MethodId, Run, Setup};

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

/// Counts an allocation on this thread (none once its thread-locals are gone, at its very end).
fn count() {
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn stepping_never_allocates() {
    // The count sees this thread's allocations.
    let before = allocations();
    let probe: Vec<u64> = Vec::with_capacity(8);
    assert!(allocations() > before && probe.capacity() >= 8);
    for scenario in scenarios::all() {
        let setup = Setup::defaults(scenario.info().id).unwrap();
        for method in MethodId::ALL {
            let mut f64_run = Run::<f64>::new(&setup, method);
            let mut f32_run = Run::<f32>::new(&setup, method);
            let before = allocations();
            f64_run.advance(50);
            f32_run.advance(50);
            let after = allocations();
            assert_eq!(
                after,
                before,
                "{method:?} on {} allocated",
                scenario.info().id
            );
            assert!(f64_run.steps() > 0);
        }
    }
}

/// The rotation family's steps too: every method on every spinning body.
#[test]
fn turning_never_allocates() {
    use integrator_lab::rotation::{methods::RotationMethodId, scenarios};
    for info in scenarios::all() {
        let setup = scenarios::RotationSetup::defaults(info.id).unwrap();
        for method in RotationMethodId::ALL {
            let mut run = setup.run(method);
            let before = allocations();
            for _ in 0..50 {
                run.step();
            }
            assert_eq!(
                allocations(),
                before,
                "{} on {} allocated",
                method.id(),
                info.id
            );
            assert!(run.steps > 0);
        }
    }
}
