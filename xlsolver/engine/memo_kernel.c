/* The memoised counter's loop in C: the same pass as _memo_kernels.py (numba), line for line.
 *
 * Why a second copy: numba costs about 0.4 s in every new process (its import and the typing
 * registries a cached kernel loads), more than the whole pass on most boards.  This file is
 * compiled when xlsolver is installed (setup.py, optional: no compiler means numba's copy runs)
 * and called through ctypes (native.py), so it needs no Python headers.  Both copies are tested
 * to agree on counts, states, steps and memory; change them together.
 *
 * A state is one 64-bit key, `window | wide << W`; each level's states sit in an open-addressing
 * hash table of slots (key, ways), all tables in one arena that is copied (live tables only) into
 * one twice the size when full.  A state's ways are one exact 64-bit number (no moduli: a sum
 * that would pass 2**64 stops the pass, OVERFLOW), or a double (their size, for the caller to know
 * how many residues make the count exact) and one residue per modulus of `moduli` (0: 2**64,
 * plain wrapping sums); 0 in the first word: an empty slot.  See _memo_kernels.py for the whole story.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

#ifdef _MSC_VER
#include <intrin.h>
#define EXPORT __declspec(dllexport)
#define INLINE static __forceinline
static int ctz64(uint64_t x) { unsigned long i; return _BitScanForward64(&i, x) ? (int)i : 64; }
#else
#define EXPORT __attribute__((visibility("default")))
#define INLINE static inline __attribute__((always_inline))
static inline int ctz64(uint64_t x) { return x ? __builtin_ctzll(x) : 64; }
#endif

#define ABI 4 /* native.py refuses a library built from another version of this file */

/* meta fields and status codes: as in memo.py */
enum { LEVEL, SLOT, STATUS, MEMORY, STATES, EDGES, PEAK, TOP, META };
enum { RUNNING, DONE, OUT_OF_MEMORY, OVERFLOW };

#define FIRST_CAPACITY 256

typedef struct {
    uint64_t *slots; /* `stride` words a slot: key, ways (0 in the first word: empty) */
    int64_t n_slots; /* how many slots */
} arena_t;

EXPORT int64_t xlsolver_memo_abi(void) { return ABI; }

EXPORT void xlsolver_memo_release(arena_t *arena) {
    free(arena->slots);
    arena->slots = NULL;
    arena->n_slots = 0;
}

/* `ways` added into `to`: without moduli one exact sum, 1 if it wrapped past 2**64; else the size
 * as doubles, each residue modulo its modulus (below 2**63, so the sum cannot wrap; 0 is 2**64:
 * s >= 0 always, nothing taken off). */
INLINE int add_ways(uint64_t *to, const uint64_t *ways, int64_t lanes, const uint64_t *moduli) {
    if (lanes == 0) {
        to[0] += ways[0];
        return to[0] < ways[0];
    }
    double a, b;
    memcpy(&a, to, 8);
    memcpy(&b, ways, 8);
    a += b;
    memcpy(to, &a, 8);
    for (int64_t j = 0; j < lanes; j++) {
        uint64_t s = to[1 + j] + ways[1 + j];
        to[1 + j] = s >= moduli[j] ? s - moduli[j] : s;
    }
    return 0;
}

/* A key's slot: its bits mixed (MurmurHash3's finaliser), the low ones kept.  Not a plain multiplicative
 * hash: that is linear, so the children of a table's states, read in slot order, would arrive in slot
 * order too, and linear probing would walk ever longer runs (5x slower on Langford pairs). */
INLINE int64_t slot_of(uint64_t key, int64_t mask) {
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdULL;
    key ^= key >> 33;
    key *= 0xc4ceb9fe1a85ec53ULL;
    key ^= key >> 33;
    return (int64_t)(key & (uint64_t)mask);
}

/* Add `ways` to `key` in the table at `start`: 1 if the key is new, 0 if not, -1 if its exact ways
 * wrapped past 2**64. */
INLINE int put(uint64_t *a, int64_t stride, int64_t start, int64_t capacity, uint64_t key,
                      const uint64_t *ways, int64_t lanes, const uint64_t *moduli) {
    int64_t mask = capacity - 1;
    int64_t i = slot_of(key, mask);
    uint64_t *s = a + stride * (start + i);
    while (s[1] != 0) {
        if (s[0] == key) return add_ways(s + 1, ways, lanes, moduli) ? -1 : 0;
        i = (i + 1) & mask;
        s = a + stride * (start + i);
    }
    s[0] = key;
    memcpy(s + 1, ways, (size_t)(stride - 1) * sizeof(uint64_t));
    return 1;
}

#define HUGE_PAGE (2u << 20)

/* `bytes` of zeros; on Linux, a big block in huge pages where the system gives them on request: the
 * tables are read at random, and with small pages most reads would miss the TLB as well. */
static uint64_t *zeroed(size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= 2 * HUGE_PAGE) {
        void *block = NULL;
        bytes = (bytes + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE;
        if (posix_memalign(&block, HUGE_PAGE, bytes) != 0) return NULL;
        madvise(block, bytes, MADV_HUGEPAGE);
        memset(block, 0, bytes);
        return block;
    }
#endif
    return calloc(bytes, 1);
}

/* Room for `size` slots on top of the arena (a copy of the live tables if full);
 * sets OUT_OF_MEMORY instead when the copy would pass `memory_cap` bytes. */
static void room(arena_t *arena, int64_t stride, int64_t n_levels, int64_t *off, int64_t *cap, int64_t *meta,
                 int64_t size, int64_t memory_cap) {
    if (meta[TOP] + size <= arena->n_slots) return;
    int64_t live = size;
    for (int64_t level = 0; level < n_levels; level++) live += cap[level];
    int64_t length = 2 * live > (1 << 12) ? 2 * live : (1 << 12);
    int64_t bytes = 8 * stride * (length + arena->n_slots);
    if (bytes > memory_cap) {
        meta[STATUS] = OUT_OF_MEMORY;
        return;
    }
    uint64_t *fresh = zeroed((size_t)(stride * length) * sizeof(uint64_t));
    if (fresh == NULL) {
        meta[STATUS] = OUT_OF_MEMORY;
        return;
    }
    int64_t top = 0;
    for (int64_t level = 0; level < n_levels; level++) {
        if (cap[level]) {
            memcpy(fresh + stride * top, arena->slots + stride * off[level],
                   (size_t)(stride * cap[level]) * sizeof(uint64_t));
            off[level] = top;
            top += cap[level];
        }
    }
    free(arena->slots);
    arena->slots = fresh;
    arena->n_slots = length;
    meta[TOP] = top;
    if (bytes > meta[PEAK]) meta[PEAK] = bytes;
    meta[MEMORY] = 8 * stride * length;
}

/* An empty table for `level` on top of the arena. */
static void new_table(int64_t level, arena_t *arena, int64_t stride, int64_t n_levels, int64_t *off, int64_t *cap,
                      int64_t *meta, int64_t memory_cap) {
    room(arena, stride, n_levels, off, cap, meta, FIRST_CAPACITY, memory_cap);
    if (meta[STATUS] == OUT_OF_MEMORY) return;
    off[level] = meta[TOP];
    cap[level] = FIRST_CAPACITY;
    meta[TOP] += FIRST_CAPACITY;
}

/* The table of `level` moved to twice its size on top of the arena. */
static void grow(int64_t level, arena_t *arena, int64_t stride, int64_t n_levels, int64_t *off, int64_t *cap,
                 int64_t *meta, int64_t lanes, const uint64_t *moduli, int64_t memory_cap) {
    int64_t capacity = 2 * cap[level];
    room(arena, stride, n_levels, off, cap, meta, capacity, memory_cap);
    if (meta[STATUS] == OUT_OF_MEMORY) return;
    int64_t old = off[level], old_capacity = cap[level]; /* read after room: a copy moves tables */
    int64_t fresh = meta[TOP];
    uint64_t *a = arena->slots;
    meta[TOP] += capacity;
    for (int64_t i = old; i < old + old_capacity; i++)
        if (a[stride * i + 1] != 0) put(a, stride, fresh, capacity, a[stride * i], a + stride * i + 1, lanes, moduli);
    off[level] = fresh;
    cap[level] = capacity;
}

/* Expand up to `budget` states, from meta[LEVEL]/meta[SLOT] on: _memo_kernels.run, with the
 * arena held by the caller's arena_t (released by xlsolver_memo_release).  Inlined twice (below):
 * once for exact 64-bit ways, once for residues. */
INLINE void run(const int64_t *starts, int64_t n_levels, int64_t patterns, const uint64_t *narrow,
                const uint64_t *wide, const int64_t *run_end, const uint64_t *needs, int64_t n_narrow,
                int64_t window, uint64_t wide_primary, int64_t lanes, const uint64_t *moduli, const uint64_t *first,
                arena_t *arena, int64_t *off, int64_t *cap, int64_t *fill, int64_t *meta, uint64_t *total,
                int64_t budget, int64_t memory_cap) {
    const uint64_t pattern_mask = (uint64_t)patterns - 1;
    const uint64_t window_mask = window >= 64 ? ~0ULL : (1ULL << window) - 1;
    const int64_t stride = 2 + lanes;
    uint64_t *here = malloc((size_t)(stride - 1) * sizeof(uint64_t)); /* the state expanded: a copy moves tables */
    if (here == NULL) {
        meta[STATUS] = OUT_OF_MEMORY;
        return;
    }
    if (cap[0] == 0 && meta[LEVEL] == 0) { /* the start: nothing covered, the frontier at 0, one way */
        new_table(0, arena, stride, n_levels, off, cap, meta, memory_cap);
        if (meta[STATUS] == OUT_OF_MEMORY) {
            free(here);
            return;
        }
        put(arena->slots, stride, off[0], cap[0], 0, first, lanes, moduli);
        fill[0] = 1;
        meta[STATES] = 1;
    }
    int64_t level = meta[LEVEL], slot = meta[SLOT], edges = meta[EDGES], done = 0;
    while (level < n_levels && meta[STATUS] == RUNNING) {
        if (slot == cap[level]) {
            cap[level] = 0; /* expanded: its table is garbage, left for the next copy */
            level++;
            slot = 0;
            continue;
        }
        if (done == budget) break;
        const uint64_t *at = arena->slots + stride * (off[level] + slot);
        slot++;
        if (at[1] == 0) continue;
        uint64_t key = at[0];
        memcpy(here, at + 1, (size_t)(stride - 1) * sizeof(uint64_t));
        done++;
        uint64_t covered = key & window_mask;
        uint64_t taken = window >= 64 ? 0 : key >> window;
        int64_t row = level * patterns + (int64_t)(covered & pattern_mask); /* the options that leave those free */
        int64_t o = starts[row], last = starts[row + 1];
        while (o < last) {
            if (wide[o] & taken) {
                o = run_end[o]; /* options of one level come grouped by their wide items */
                continue;
            }
            uint64_t ahead = narrow[o] >> 1;
            uint64_t now_taken = taken | wide[o];
            o++;
            if (ahead & covered) continue;
            edges++;
            uint64_t now = covered | ahead;
            int64_t next;
            if (level < n_narrow) {
                int step = ctz64(~now) + 1; /* the frontier moves past the covered run */
                next = level + step;
                now = step < 64 ? now >> step : 0;
            } else {
                next = n_narrow;
            }
            if (next >= n_narrow) {
                uint64_t free_items = ~now_taken & wide_primary;
                if (free_items == 0) {
                    if (add_ways(total, here, lanes, moduli)) {
                        meta[STATUS] = OVERFLOW;
                        break;
                    }
                    continue;
                }
                next = n_narrow + ctz64(free_items);
                now = 0;
            }
            if ((needs[next * patterns + (int64_t)(now & pattern_mask)] & ~now_taken) == 0)
                continue; /* a state with no move: not worth a slot */
            if (cap[next] == 0) {
                new_table(next, arena, stride, n_levels, off, cap, meta, memory_cap);
                if (meta[STATUS] == OUT_OF_MEMORY) break;
            }
            int added = put(arena->slots, stride, off[next], cap[next], now | (window >= 64 ? 0 : now_taken << window),
                            here, lanes, moduli);
            if (added < 0) {
                meta[STATUS] = OVERFLOW;
                break;
            }
            if (added) {
                fill[next]++;
                meta[STATES]++;
                if (4 * fill[next] > 3 * cap[next]) {
                    grow(next, arena, stride, n_levels, off, cap, meta, lanes, moduli, memory_cap);
                    if (meta[STATUS] == OUT_OF_MEMORY) break;
                }
            }
        }
    }
    free(here);
    meta[LEVEL] = level;
    meta[SLOT] = slot;
    meta[EDGES] = edges;
    if (level == n_levels && meta[STATUS] == RUNNING) meta[STATUS] = DONE;
}

EXPORT void xlsolver_memo_run(const int64_t *starts, int64_t n_levels, int64_t patterns, const uint64_t *narrow,
                              const uint64_t *wide, const int64_t *run_end, const uint64_t *needs,
                              int64_t n_narrow, int64_t window, uint64_t wide_primary, int64_t lanes,
                              const uint64_t *moduli, const uint64_t *first, arena_t *arena, int64_t *off,
                              int64_t *cap, int64_t *fill, int64_t *meta, uint64_t *total, int64_t budget,
                              int64_t memory_cap) {
    if (lanes == 0)
        run(starts, n_levels, patterns, narrow, wide, run_end, needs, n_narrow, window, wide_primary, 0, moduli, first,
            arena, off, cap, fill, meta, total, budget, memory_cap);
    else
        run(starts, n_levels, patterns, narrow, wide, run_end, needs, n_narrow, window, wide_primary, lanes, moduli,
            first, arena, off, cap, fill, meta, total, budget, memory_cap);
}
