// BenchFrameMarks: marks around each measured bench frame, so callgrind can count the
// instructions of one frame at a time (scripts/instruction-floor.py).

/// How many marks were passed: the marks' one side effect, so the optimiser keeps every call.
nonisolated(unsafe) private var benchFrameMarksPassed = 0

/// Called just before a measured frame starts (its input, advance, display list, render and
/// present). `valgrind --tool=callgrind --zero-before=fling_bench_frame_begin` starts each
/// frame's count at zero here.
@inline(never) @_silgen_name("fling_bench_frame_begin")
func benchFrameBegin() { benchFrameMarksPassed &+= 1 }

/// Called just after a measured frame is presented. `--dump-before=fling_bench_frame_end`
/// writes the frame's counts to a profile of its own.
@inline(never) @_silgen_name("fling_bench_frame_end")
func benchFrameEnd() { benchFrameMarksPassed &+= 2 }   // (not the begin mark's body: never merged with it)
