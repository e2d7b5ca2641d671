/* What the searches that run in slices share (fewest_kernel.c, multiplicity_kernel.c): the statuses a slice
 * returns, the rows of solutions it hands to Python, and the share of the tree explored.  Python's side of the
 * same bargain is sliced.py.
 *
 * A slice writes each solution it finds, while there is room, to the next of `rows` rows of `width` options
 * (`out`), -1 ended, counting the rows filled in `stored`; when solutions are only counted (`wants` 0) it
 * writes none.  Plain static functions: each kernel compiles its own copy, inlined where it is called.
 */
#ifndef XLSOLVER_SLICES_H
#define XLSOLVER_SLICES_H

#include <stdint.h>

/* RUNNING: the slice's budget spent; DONE; LIMIT: `limit` solutions found; BUFFER_FULL: out full (read it, then
 * call again).  As sliced.py's. */
enum { RUNNING, DONE, LIMIT, BUFFER_FULL };

/* The options taken at levels 0..d, as the next row of out (a level that took none, a negative entry, is left
 * out). */
static inline void store_solution(const int32_t *chosen, int32_t d, int32_t *out, int32_t width, int32_t *stored) {
    int32_t *row = out + (int64_t)(*stored)++ * width, n = 0;
    for (int32_t e = 0; e <= d; e++)
        if (chosen[e] >= 0)
            row[n++] = chosen[e];
    row[n] = -1;
}

/* A node just found solutions (`solutions` of them in all so far), the last chosen at level d: stored when
 * wanted, while there is room.  Returns what ends the slice there (LIMIT; BUFFER_FULL), else RUNNING. */
static inline int32_t solution_found(const int32_t *chosen, int32_t d, uint64_t solutions, uint64_t limit,
                                     int32_t wants, int32_t *out, int32_t rows, int32_t width, int32_t *stored) {
    if (wants && *stored < rows)
        store_solution(chosen, d, out, width, stored);
    if (limit && solutions >= limit)
        return LIMIT;
    return wants && *stored == rows ? BUFFER_FULL : RUNNING;
}

/* Knuth's estimate of the share of the tree searched: each level's tried branches (from level `first` to
 * `last`, the one under way) over its total. */
static inline double explored_share(const int32_t *tried, const int32_t *total, int32_t first, int32_t last) {
    double share = 0.0, weight = 1.0;
    for (int32_t d = first; d <= last; d++) {
        int32_t n = total[d] > 0 ? total[d] : 1;
        share += weight * (tried[d] - 1) / n;
        weight /= n;
    }
    return share < 0 ? 0.0 : share > 1 ? 1.0 : share;
}

#endif
