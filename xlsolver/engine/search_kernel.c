/* The first-item search's loop in C: the same search as _kernels.py (numba), step for step.
 *
 * Why a second copy: numba costs about 0.7 s in every new process (its import, which pulls in
 * scipy, and the typing registries a cached kernel loads), more than the whole search of most
 * problems.  This file is compiled when xlsolver is installed (setup.py, optional: no compiler
 * means numba's copy runs) and called through ctypes (search_native.py), so it needs no Python
 * headers.  Both copies are tested to agree on counts, nodes and the order of solutions; change
 * them together.
 *
 * Branch on the first uncovered primary item, trying the options whose first primary item it is
 * (rows starts[i]..starts[i+1]).  A mask is a row of `words` 64-bit words; an option fits when its
 * mask misses the covered bits, and covers its claim mask (Knuth's colours; without colours the
 * claims are the masks).  The loop runs for a budget of nodes and returns with its whole stack in
 * the state arrays (cov, item, pos, chosen, meta), so the caller can check the clock, report
 * progress or stop, then call again to resume.  Solutions go to the rows of `out` while it has room.
 */
#include <stdint.h>

#if defined(_MSC_VER) /* MSVC: its keywords and intrinsic */
#include <intrin.h>
#define EXPORT __declspec(dllexport)
#define INLINE static __forceinline
INLINE int64_t lowest_bit(uint64_t x) { unsigned long at; _BitScanForward64(&at, x); return at; } /* x != 0 */
#else /* gcc, clang */
#define EXPORT __attribute__((visibility("default")))
#define INLINE static inline __attribute__((always_inline))
INLINE int64_t lowest_bit(uint64_t x) { return __builtin_ctzll(x); } /* x != 0 */
#endif

#define ABI 1 /* search_native.py refuses a library built from another version of this file */

/* meta fields and status codes: as in _kernels.py */
enum { DEPTH, COUNT, NODES, STATUS, STORED };
enum { RUNNING, DONE, LIMIT, BUFFER_FULL };

EXPORT int64_t xlsolver_search_abi(void) { return ABI; }

/* A solution, chosen[0..depth]: written to out's next row (of `width`) while it has room.  Returns
 * LIMIT at the limit, BUFFER_FULL when out is full, else RUNNING. */
INLINE int64_t found(const int64_t *chosen, int64_t depth, int64_t *count, int64_t *stored, int64_t limit,
                     int64_t *out, int64_t rows, int64_t width) {
    if (*stored < rows) {
        int64_t *row = out + *stored * width;
        for (int64_t d = 0; d <= depth; d++)
            row[d] = chosen[d];
        row[depth + 1] = -1;
        *stored += 1;
    }
    *count += 1;
    if (*count == limit)
        return LIMIT;
    if (*stored == rows && rows > 1)
        return BUFFER_FULL;
    return RUNNING;
}

INLINE void pause(int64_t *meta, int64_t depth, int64_t count, int64_t nodes, int64_t status, int64_t stored) {
    meta[DEPTH] = depth;
    meta[COUNT] = count;
    meta[NODES] = nodes;
    meta[STATUS] = status;
    meta[STORED] = stored;
}

/* No candidate left at *depth: at the root the search is done (meta says so; 1), else one level up (0). */
INLINE int back(int64_t *depth, int64_t k, int64_t *pos, int64_t *meta, int64_t count, int64_t nodes, int64_t stored) {
    if (*depth > 0) {
        *depth -= 1;
        return 0;
    }
    pos[0] = k;
    pause(meta, 0, count, nodes, DONE, stored);
    return 1;
}

/* The first primary item at or after `from` whose bit in `cov` (of `words` words) is clear; n_primary if none. */
INLINE int64_t first_uncovered(const uint64_t *cov, int64_t from, int64_t n_primary) {
    while (from < n_primary) {
        uint64_t open = ~cov[from >> 6] >> (from & 63);
        if (open) {
            int64_t at = from + lowest_bit(open);
            return at < n_primary ? at : n_primary;
        }
        from = (from | 63) + 1;
    }
    return n_primary;
}

/* _kernels.search: masks and claims are rows of `words` words; cov is (depth + 1) rows of `words`. */
EXPORT void xlsolver_search(const int64_t *starts, const uint64_t *masks, const uint64_t *claims, int64_t words,
                            const int64_t *ids, int64_t n_primary, uint64_t *cov, int64_t *item, int64_t *pos,
                            int64_t *chosen, int64_t *meta, int64_t budget, int64_t limit, int64_t *out,
                            int64_t rows, int64_t width) {
    int64_t depth = meta[DEPTH], count = meta[COUNT], nodes = meta[NODES], stored = meta[STORED];
    int64_t stop_at = nodes + budget;
    for (;;) {
        int64_t k = pos[depth];
        int64_t end = starts[item[depth] + 1];
        const uint64_t *here = cov + depth * words;
        while (k < end) { /* the next candidate that fits */
            const uint64_t *mask = masks + k * words;
            int64_t w = 0;
            while (w < words && !(mask[w] & here[w]))
                w++;
            if (w == words)
                break;
            k++;
        }
        if (k >= end) {
            if (back(&depth, k, pos, meta, count, nodes, stored))
                return;
            continue;
        }
        pos[depth] = k + 1;
        nodes++;
        uint64_t *next = cov + (depth + 1) * words;
        const uint64_t *claim = claims + k * words;
        for (int64_t w = 0; w < words; w++)
            next[w] = here[w] | claim[w];
        chosen[depth] = ids[k];
        /* the next uncovered primary item lies after this one: all before it are covered */
        int64_t nxt = first_uncovered(next, item[depth] + 1, n_primary);
        if (nxt == n_primary) {
            int64_t status = found(chosen, depth, &count, &stored, limit, out, rows, width);
            if (status != RUNNING) {
                pause(meta, depth, count, nodes, status, stored);
                return;
            }
            continue;
        }
        depth++;
        item[depth] = nxt;
        pos[depth] = starts[nxt];
        if (nodes >= stop_at) {
            pause(meta, depth, count, nodes, RUNNING, stored);
            return;
        }
    }
}

/* _kernels.search2: at most 128 bits, each mask two words (lo, hi); the covered words of the current
 * depth stay in registers. */
EXPORT void xlsolver_search2(const int64_t *starts, const uint64_t *lo, const uint64_t *hi, const uint64_t *claim_lo,
                             const uint64_t *claim_hi, const int64_t *ids, int64_t n_primary, uint64_t *cov,
                             int64_t *item, int64_t *pos, int64_t *chosen, int64_t *meta, int64_t budget,
                             int64_t limit, int64_t *out, int64_t rows, int64_t width) {
    int64_t depth = meta[DEPTH], count = meta[COUNT], nodes = meta[NODES], stored = meta[STORED];
    int64_t stop_at = nodes + budget;
    uint64_t c0 = cov[2 * depth], c1 = cov[2 * depth + 1];
    for (;;) {
        int64_t k = pos[depth];
        int64_t end = starts[item[depth] + 1];
        while (k < end && ((lo[k] & c0) | (hi[k] & c1))) /* the next candidate that fits */
            k++;
        if (k >= end) {
            if (back(&depth, k, pos, meta, count, nodes, stored))
                return;
            c0 = cov[2 * depth];
            c1 = cov[2 * depth + 1];
            continue;
        }
        pos[depth] = k + 1;
        nodes++;
        uint64_t n0 = c0 | claim_lo[k], n1 = c1 | claim_hi[k];
        chosen[depth] = ids[k];
        /* the next uncovered primary item lies after this one (128: none in either word) */
        int64_t from = item[depth] + 1, nxt = 128;
        uint64_t open = from < 64 ? ~n0 >> from : from < 128 ? ~n1 >> (from - 64) : 0;
        if (open)
            nxt = from + lowest_bit(open);
        else if (from < 64 && ~n1)
            nxt = 64 + lowest_bit(~n1);
        if (nxt >= n_primary) {
            int64_t status = found(chosen, depth, &count, &stored, limit, out, rows, width);
            if (status == RUNNING)
                continue;
            pause(meta, depth, count, nodes, status, stored);
            return;
        }
        depth++;
        cov[2 * depth] = n0;
        cov[2 * depth + 1] = n1;
        c0 = n0;
        c1 = n1;
        item[depth] = nxt;
        pos[depth] = starts[nxt];
        if (nodes >= stop_at) {
            pause(meta, depth, count, nodes, RUNNING, stored);
            return;
        }
    }
}
