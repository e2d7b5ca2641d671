/* Knuth's Algorithm M (his DLX3) in C: the search of multiplicity.py, the same nodes in the same order, on flat
 * arrays instead of links.
 *
 * A primary item j may be covered between its bounds (low[j], high[j]) times.  It keeps `left` (how many more
 * options may cover it) and `slack` (high - low); an item whose left reaches 0 is closed, and its live options
 * die.  A node branches on the open item of least score live + min(slack, left) - left + 1 (ties: less slack,
 * more live options, the lower index): "x is the first of its live options, in column order, that the
 * solution holds", for each x that leaves at least `need` (left - slack) options from x on, the ones before x
 * killed for the rest of the node (Knuth's tweak); then, when the item needs none, "it holds none of them"
 * (the item closed as it is, no option taken).  So each solution is found once.
 *
 * An option is alive or dead (a byte); a live option's entries are linked in their items' lists (Knuth's
 * dancing links: a killed option's entries are unlinked, and linked again in the reverse order), so an item's
 * live options are walked without passing dead ones; each item keeps its number of live options; the killed
 * options go on one stack (undone by popping it); the open items are a sparse set (closed: swapped out;
 * reopened: its size restored).  Options hold secondary items as fewest_kernel.c's list mode does (Knuth's
 * colours: an entry's colour, 0 none).  The search runs for a budget of nodes and returns with its state in
 * the struct, so Python checks the clock between slices (multiplicity_native.py, sliced.py; what the slices
 * share with fewest_kernel.c is slices.h).  Compiled at install (setup.py, optional) and called through ctypes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "slices.h"

#if defined(_MSC_VER)
#define EXPORT __declspec(dllexport)
#define ALWAYS_INLINE static __forceinline
#else
#define EXPORT __attribute__((visibility("default")))
#define ALWAYS_INLINE static inline __attribute__((always_inline))
#endif

#define ABI 2 /* multiplicity_native.py refuses a library built from another version of this file */

enum { NONE = -2, NULL_BRANCH = -1 }; /* a level's branch under way, when it is not an option */

typedef struct {
    int32_t n_items, n_primary, n_options;
    const int32_t *opt_start, *opt_item, *opt_colour; /* the options (the caller keeps these alive) */
    /* the lists: node j < n_items is item j's head, node n_items + e entry e; each list in option order */
    int32_t *up, *down, *opt_of;                       /* opt_of[e]: the option of entry e */
    uint8_t *alive;
    int32_t *count;                                    /* live options per item */
    int32_t *left, *slack;                             /* per primary item */
    int32_t *oset, *oloc, n_open;                      /* open primary items: a sparse set */
    int32_t *killed, n_killed;                         /* options taken out, in order */
    /* one row per level: its item, the next place in its column, the killed stack at its start (base) and
     * after its tweaks (mark), the open items at its start, what it needs, the branch under way, its width */
    int32_t *lv_item, *lv_base, *lv_mark, *lv_open, *lv_need, *lv_taken, *lv_total, *lv_tried;
    int32_t *chosen;     /* per level the option taken, NULL_BRANCH for none */
    int32_t depth;       /* the level under way; -1: not started */
    int32_t given_depth; /* levels fixed by the given options */
    int32_t levels;
    int32_t status;
    uint64_t solutions, nodes;
} Search;

EXPORT int64_t xlsolver_multiplicity_abi(void) { return ABI; }

EXPORT void xlsolver_multiplicity_free(Search *s) {
    if (!s)
        return;
    free(s->up); free(s->down); free(s->opt_of); free(s->alive); free(s->count); free(s->left);
    free(s->slack); free(s->oset); free(s->oloc); free(s->killed); free(s->lv_item);
    free(s->lv_base); free(s->lv_mark); free(s->lv_open); free(s->lv_need); free(s->lv_taken); free(s->lv_total);
    free(s->lv_tried); free(s->chosen);
    free(s);
}

/* The moves below read the struct's arrays into locals first: a store to `alive` (bytes, which may alias
 * anything) would otherwise make the compiler load every pointer of the struct again after it. */

ALWAYS_INLINE void kill(Search *s, int32_t p) {
    const int32_t *opt_start = s->opt_start, *opt_item = s->opt_item;
    int32_t *count = s->count, *up = s->up, *down = s->down, base = s->n_items;
    s->alive[p] = 0;
    s->killed[s->n_killed++] = p;
    for (int32_t e = opt_start[p], end = opt_start[p + 1]; e < end; e++) {
        int32_t node = base + e, u = up[node], d = down[node];
        down[u] = d;
        up[d] = u;
        count[opt_item[e]]--;
    }
}

ALWAYS_INLINE void restore(Search *s, int32_t mark) {
    const int32_t *opt_start = s->opt_start, *opt_item = s->opt_item, *killed = s->killed;
    int32_t *count = s->count, *up = s->up, *down = s->down, base = s->n_items;
    uint8_t *alive = s->alive;
    int32_t n = s->n_killed;
    while (n > mark) {
        int32_t p = killed[--n];
        alive[p] = 1;
        for (int32_t e = opt_start[p], end = opt_start[p + 1]; e < end; e++) {
            int32_t node = base + e;
            down[up[node]] = node;
            up[down[node]] = node;
            count[opt_item[e]]++;
        }
    }
    s->n_killed = n;
}

/* Item j leaves the open items (swapped with the last; reopened by restoring n_open). */
ALWAYS_INLINE void close_item(Search *s, int32_t j) {
    int32_t at = s->oloc[j], last = s->oset[--s->n_open];
    s->oset[at] = last; s->oloc[last] = at;
    s->oset[s->n_open] = j; s->oloc[j] = s->n_open;
}

/* Kill the live options of item j that clash with colour `colour` (0: all of them).  A killed entry keeps its
 * own links, so the walk goes on from it. */
ALWAYS_INLINE void kill_column(Search *s, int32_t j, int32_t colour) {
    const int32_t *down = s->down, *opt_of = s->opt_of, *opt_colour = s->opt_colour;
    int32_t base = s->n_items;
    for (int32_t node = down[j]; node != j; node = down[node])
        if (colour == 0 || opt_colour[node - base] != colour)
            kill(s, opt_of[node - base]);
}

/* Take option o (alive): it dies, its primary items take a cover more (closed at their upper bound: their
 * live options die), the options that clash with it on a secondary item die. */
ALWAYS_INLINE void take(Search *s, int32_t o) {
    kill(s, o);
    int32_t *left = s->left;
    for (int32_t e = s->opt_start[o], end = s->opt_start[o + 1]; e < end; e++) {
        int32_t j = s->opt_item[e];
        if (j < s->n_primary) {
            if (--left[j] > 0)
                continue;
            close_item(s, j);
            kill_column(s, j, 0);
        } else {
            kill_column(s, j, s->opt_colour ? s->opt_colour[e] : 0);
        }
    }
}

/* Undo take(o) made when the killed stack was at `mark` and `open` items were open. */
ALWAYS_INLINE void untake(Search *s, int32_t o, int32_t mark, int32_t open) {
    restore(s, mark);
    for (int32_t e = s->opt_start[o]; e < s->opt_start[o + 1]; e++)
        if (s->opt_item[e] < s->n_primary)
            s->left[s->opt_item[e]]++;
    s->n_open = open;
}

/* The open item to branch on (Knuth's score and ties) and its score; -1 when none is open. */
ALWAYS_INLINE int32_t best_item(const Search *s, int32_t *score) {
    int32_t best = -1, best_t = 0, best_s = 0, best_n = 0;
    for (int32_t u = 0; u < s->n_open; u++) {
        int32_t j = s->oset[u], b = s->left[j], sl = s->slack[j] < b ? s->slack[j] : b, n = s->count[j];
        int32_t t = n + sl - b + 1;
        if (best < 0 || t < best_t || (t == best_t && (sl < best_s || (sl == best_s && (n > best_n ||
                                                                                        (n == best_n && j < best)))))) {
            best = j; best_t = t; best_s = sl; best_n = n;
        }
    }
    *score = best_t;
    return best;
}

/* Open level d at the current node; 0 when the node is a leaf (a solution, counted, or a dead end). */
ALWAYS_INLINE int open_level(Search *s, int32_t d) {
    int32_t score;
    int32_t c = best_item(s, &score);
    if (c < 0) {
        s->solutions++;
        return 0;
    }
    if (score <= 0)
        return 0;
    int32_t need = s->left[c] - s->slack[c];
    s->lv_item[d] = c;
    s->lv_base[d] = s->lv_mark[d] = s->n_killed;
    s->lv_open[d] = s->n_open;
    s->lv_need[d] = need > 0 ? need : 0;
    s->lv_taken[d] = NONE;
    s->lv_total[d] = score;
    s->lv_tried[d] = 0;
    return 1;
}

/* A search over the options (opt_start[0..n_options], opt_item: items numbered primary first; opt_colour: each
 * entry's colour, 0 none, or NULL), primary item j covered between low[j] and high[j] times, the `given`
 * options taken first.  NULL when memory runs out. */
EXPORT Search *xlsolver_multiplicity_new(int32_t n_items, int32_t n_primary, int32_t n_options,
                                         const int32_t *opt_start, const int32_t *opt_item, const int32_t *opt_colour,
                                         const int32_t *low, const int32_t *high, const int32_t *given,
                                         int32_t n_given) {
    if ((int64_t)n_items + opt_start[n_options] >= INT32_MAX || (int64_t)n_options + n_primary + n_given + 2 >= INT32_MAX)
        return NULL; /* the lists' nodes, or the levels, would not fit int32 */
    Search *s = calloc(1, sizeof(Search));
    if (!s)
        return NULL;
    int32_t entries = opt_start[n_options];
    s->levels = n_options + n_primary + n_given + 2; /* a level takes an option or closes an item */
    s->n_items = n_items; s->n_primary = n_primary; s->n_options = n_options;
    s->opt_start = opt_start; s->opt_item = opt_item; s->opt_colour = opt_colour;
    s->up = malloc(((int64_t)n_items + entries + 1) * sizeof(int32_t));
    s->down = malloc(((int64_t)n_items + entries + 1) * sizeof(int32_t));
    s->opt_of = malloc((entries + 1) * sizeof(int32_t));
    s->alive = malloc(n_options + 1);
    s->count = calloc(n_items + 1, sizeof(int32_t));
    s->left = malloc((n_primary + 1) * sizeof(int32_t));
    s->slack = malloc((n_primary + 1) * sizeof(int32_t));
    s->oset = malloc((n_primary + 1) * sizeof(int32_t));
    s->oloc = malloc((n_primary + 1) * sizeof(int32_t));
    s->killed = malloc((n_options + 1) * sizeof(int32_t));
    int32_t **rows[] = {&s->lv_item, &s->lv_base, &s->lv_mark, &s->lv_open, &s->lv_need,
                        &s->lv_taken, &s->lv_total, &s->lv_tried, &s->chosen};
    for (size_t r = 0; r < sizeof rows / sizeof *rows; r++)
        *rows[r] = calloc(s->levels, sizeof(int32_t));
    int ok = s->up && s->down && s->opt_of && s->alive && s->count && s->left && s->slack && s->oset
             && s->oloc && s->killed;
    for (size_t r = 0; r < sizeof rows / sizeof *rows; r++)
        ok = ok && *rows[r];
    if (!ok) {
        xlsolver_multiplicity_free(s);
        return NULL;
    }
    for (int32_t j = 0; j < n_items; j++)
        s->up[j] = s->down[j] = j;
    for (int32_t o = 0; o < n_options; o++) /* each entry at the bottom of its item's list */
        for (int32_t e = opt_start[o]; e < opt_start[o + 1]; e++) {
            int32_t j = opt_item[e], node = n_items + e, last = s->up[j];
            s->opt_of[e] = o;
            s->down[last] = node; s->up[node] = last;
            s->down[node] = j; s->up[j] = node;
            s->count[j]++;
        }
    memset(s->alive, 1, n_options + 1);
    for (int32_t j = 0; j < n_primary; j++) {
        s->left[j] = high[j];
        s->slack[j] = high[j] - low[j];
        s->oset[j] = j; s->oloc[j] = j;
    }
    s->n_open = n_primary;
    s->depth = -1;
    s->status = RUNNING;
    s->given_depth = n_given;
    /* the given options, in order; one that an earlier one killed (or repeats) leaves no solution */
    for (int32_t g = 0; g < n_given; g++) {
        int32_t o = given[g];
        if (o < 0 || o >= n_options || !s->alive[o]) {
            s->status = DONE;
            break;
        }
        take(s, o);
        s->chosen[g] = o;
    }
    return s;
}

/* Search for `budget` more nodes.  Solutions, when wanted, go to out: rows of `width` options, -1 ended, while
 * there is room.  Returns the status: RUNNING (budget spent), DONE, LIMIT (`limit` solutions, 0: none),
 * BUFFER_FULL (out full: read it, then call again). */
EXPORT int32_t xlsolver_multiplicity_run(Search *s, int64_t budget, uint64_t limit, int32_t *out, int32_t rows,
                                         int32_t width, int32_t *stored, int32_t wants_solutions) {
    *stored = 0;
    if (s->status != RUNNING)
        return s->status;
    uint64_t stop_at = s->nodes + (uint64_t)budget;
    int32_t base = s->given_depth;
    if (s->depth < 0) { /* the root */
        uint64_t before = s->solutions;
        if (!open_level(s, base)) {
            if (wants_solutions && s->solutions > before && rows > 0)
                store_solution(s->chosen, base - 1, out, width, stored);
            s->status = (limit && s->solutions >= limit) ? LIMIT : DONE;
            return s->status;
        }
        s->depth = base;
    }
    for (;;) {
        int32_t d = s->depth, c = s->lv_item[d], taken = s->lv_taken[d];
        if (taken >= 0) { /* undo the branch under way; its option is ruled out for the rest of this node */
            untake(s, taken, s->lv_mark[d], s->lv_open[d]);
            kill(s, taken);
            s->lv_mark[d] = s->n_killed;
        } else if (taken == NULL_BRANCH) {
            s->n_open = s->lv_open[d];
        }
        int32_t next = s->down[c]; /* the first live option: those before it were ruled out */
        if (next != c && s->count[c] >= s->lv_need[d]) {
            int32_t o = s->opt_of[next - s->n_items];
            s->lv_taken[d] = o;
            s->chosen[d] = o;
            take(s, o);
        } else if (next == c && s->lv_need[d] == 0 && taken != NULL_BRANCH) {
            s->lv_taken[d] = NULL_BRANCH;
            s->chosen[d] = NULL_BRANCH;
            close_item(s, c); /* every option of c is dead: it keeps the covers it has */
        } else { /* this level is done */
            restore(s, s->lv_base[d]);
            s->n_open = s->lv_open[d];
            s->lv_taken[d] = NONE;
            if (d == base)
                return s->status = DONE;
            s->depth = d - 1;
            continue;
        }
        s->lv_tried[d]++;
        s->nodes++;
        uint64_t before = s->solutions;
        if (open_level(s, d + 1))
            s->depth = d + 1;
        if (s->solutions > before) {
            int32_t end = solution_found(s->chosen, d, s->solutions, limit, wants_solutions, out, rows, width, stored);
            if (end != RUNNING)
                return end == LIMIT ? (s->status = LIMIT) : end;
        }
        if (s->nodes >= stop_at)
            return RUNNING;
    }
}

/* Knuth's estimate of the share of the tree searched: each level's tried branches over its width. */
EXPORT double xlsolver_multiplicity_explored(const Search *s) {
    return s->status == DONE ? 1.0 : explored_share(s->lv_tried, s->lv_total, s->given_depth, s->depth);
}

EXPORT uint64_t xlsolver_multiplicity_solutions(const Search *s) { return s->solutions; }

EXPORT uint64_t xlsolver_multiplicity_nodes(const Search *s) { return s->nodes; }
