//! `step` never allocates: every method on every scenario, counted by a global allocator.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use integrator_lab::{scenarios, MethodId, Run, Setup};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::SeqCst);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn stepping_never_allocates() {
    for scenario in scenarios::all() {
        let setup = Setup::defaults(scenario.info().id).unwrap();
        for method in MethodId::ALL {
            let mut f64_run = Run::<f64>::new(&setup, method);
            let mut f32_run = Run::<f32>::new(&setup, method);
            let before = ALLOCATIONS.load(Ordering::SeqCst);
            f64_run.advance(50);
            f32_run.advance(50);
            let after = ALLOCATIONS.load(Ordering::SeqCst);
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
