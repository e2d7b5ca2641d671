/* The "fewest options" search in C: branch on the uncovered primary item with the fewest live options
 * (the first declared among equals), as Knuth's DLX2 and SSXCC do, on flat arrays instead of links.
 *
 * Two ways to keep the live options, chosen by what a node costs in each (`bits_pay`):
 * - bits (a problem whose node scans at most BIT_SCAN words): a level's live options are a row of bits; an
 *   item's options, and an (item, colour)'s options in other colours, rows too.  Taking an option clears the
 *   rows of its entries from the next level's row; an item's live options are a popcount of two rows; undoing
 *   is going back a level.  No counts to keep: a small problem's node is a few hundred word operations.
 * - lists (bigger ones): an option is alive or dead (one byte), an item keeps the number of its live options,
 *   and the options of an item are a fixed list (columns built here from the options).  Choosing an option
 *   kills the live options that share an item with it (with Knuth's colours: that share a secondary item in
 *   another colour, or in none), pushing them on one stack and lowering their items' counts; undoing pops the
 *   stack.  A kill that leaves an uncovered primary item without options ends the node at once, and items
 *   left with one option or none are found on a heap, not by a scan.
 * Either way the uncovered primary items are a sparse set (swap out, restore by its size).
 * Counting (no solutions wanted) takes the last uncovered item's live options as its solutions without
 * trying them: each fits (a live option holds no covered item and no clashing colour).
 *
 * The search runs for a budget of nodes and returns with its whole state in the Search struct, so Python
 * checks the clock, reports progress or stops, then calls again (fewest_native.py, sliced.py; what the slices
 * share with multiplicity_kernel.c is slices.h).  Compiled when xlsolver is installed (setup.py, optional)
 * and called through ctypes: no Python headers, no numpy needed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "slices.h"

#if defined(_MSC_VER)
#include <intrin.h>
#define EXPORT __declspec(dllexport)
#define HOT /* MSVC: __popcnt64 is the instruction */
#define popcount(x) ((int32_t)__popcnt64(x))
static inline int32_t lowest_bit(uint64_t x) { unsigned long at; _BitScanForward64(&at, x); return (int32_t)at; }
#else
#define EXPORT __attribute__((visibility("default")))
/* The search twice: with the popcnt instruction, and without for a processor that lacks it (the loader
 * picks, once); the counts of the bit mode are most of a node's work. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define HOT __attribute__((target_clones("popcnt", "default")))
#else
#define HOT
#endif
#define popcount(x) __builtin_popcountll(x)
#define lowest_bit(x) __builtin_ctzll(x)
#endif

#if defined(_MSC_VER)
#define ALWAYS_INLINE static __forceinline
#else
#define ALWAYS_INLINE static inline __attribute__((always_inline))
#endif

#define ABI 1 /* fewest_native.py refuses a library built from another version of this file */

enum { AUTO = -1, LISTS = 0, BITS = 1 };
/* The bit mode where a node's scan (uncovered primary items times words of options) is at most BIT_SCAN
 * words, its rows at most BIT_WORDS words (64 MB), and it costs less than the lists (`bits_pay`). */
#define BIT_SCAN 4096
#define BIT_WORDS (1LL << 23)
/* A word of the bit mode costs about a third less than a step of the lists (a popcount against a branch and a
 * store): bits where BIT_COST * their words <= LIST_COST * the lists' steps. */
#define BIT_COST 2
#define LIST_COST 3

typedef struct {
    int32_t n_items, n_primary, n_options;
    const int32_t *opt_start, *opt_item, *opt_colour; /* the options (the caller keeps these alive) */
    int32_t *col_start, *col_opt, *col_colour;        /* the items' options, in option order */
    uint8_t *alive;
    int32_t *count;                                    /* live options per item */
    int32_t *uset, *uloc, n_unc;                       /* uncovered primary items: a sparse set */
    int32_t *killed, n_killed;                         /* options taken out, in order */
    /* the bit mode: live options as bits, a level's own row of them (lv_alive); an item's options, and an
     * (item, colour)'s options in other colours, as rows of `words` words; each entry's row to clear */
    int32_t bits, words, *entry_row;
    uint64_t *rows, *lv_alive;
    /* the list mode's forced items: a min-heap of keys count * n_primary + item, pushed whenever an uncovered
     * primary item's count takes a value of 1 or 0 (lowered, raised, the item uncovered again); an entry no
     * longer true is dropped when it comes to the top.  A true top is the smallest key of all: a forced item
     * found without scanning every uncovered item (a problem of a million one-item options: a million nodes,
     * not 10^12 steps).  A full heap is rebuilt from the uncovered items. */
    int64_t *heap;
    int32_t heap_size, heap_cap;
    /* one row per level: the item branched on, the next candidate's place in its column, what to restore */
    int32_t *lv_item, *lv_next, *lv_killed, *lv_unc, *lv_total, *lv_tried, *chosen;
    int32_t depth;       /* the level whose next candidate is tried; -1: not started */
    int32_t given_depth; /* levels fixed by the given options */
    int32_t status, wants_solutions;
    uint64_t solutions, nodes;
} Search;

EXPORT int64_t xlsolver_fewest_abi(void) { return ABI; }

EXPORT void xlsolver_fewest_free(Search *s) {
    if (!s)
        return;
    free(s->col_start); free(s->col_opt); free(s->col_colour); free(s->alive); free(s->count);
    free(s->uset); free(s->uloc); free(s->killed); free(s->lv_item); free(s->lv_next); free(s->lv_killed);
    free(s->lv_unc); free(s->lv_total); free(s->lv_tried); free(s->chosen);
    free(s->entry_row); free(s->rows); free(s->lv_alive); free(s->heap);
    free(s);
}

static inline int uncovered(const Search *s, int32_t j) { return j < s->n_primary && s->uloc[j] < s->n_unc; }

static void rebuild_heap(Search *s);

static void push(Search *s, int32_t j) {
    if (s->heap_size == s->heap_cap) {
        rebuild_heap(s); /* holds j: it is uncovered, its count 1 or 0 */
        return;
    }
    int64_t key = (int64_t)s->count[j] * s->n_primary + j;
    int32_t at = s->heap_size++;
    while (at > 0 && s->heap[(at - 1) / 2] > key) {
        s->heap[at] = s->heap[(at - 1) / 2];
        at = (at - 1) / 2;
    }
    s->heap[at] = key;
}

static void pop(Search *s) {
    int64_t last = s->heap[--s->heap_size];
    int32_t at = 0;
    for (;;) {
        int32_t child = 2 * at + 1;
        if (child >= s->heap_size)
            break;
        if (child + 1 < s->heap_size && s->heap[child + 1] < s->heap[child])
            child++;
        if (s->heap[child] >= last)
            break;
        s->heap[at] = s->heap[child];
        at = child;
    }
    if (s->heap_size > 0)
        s->heap[at] = last;
}

static void rebuild_heap(Search *s) {
    s->heap_size = 0;
    for (int32_t u = 0; u < s->n_unc; u++)
        if (s->count[s->uset[u]] <= 1 && s->heap_size < s->heap_cap)
            push(s, s->uset[u]);
}

/* Kill option p: dead, off the stack's top, its items' counts lowered.  Returns 1 when that leaves an
 * uncovered primary item without options (the caller's node is a dead end). */
static inline int kill(Search *s, int32_t p) {
    int dead_end = 0;
    s->alive[p] = 0;
    s->killed[s->n_killed++] = p;
    for (int32_t e = s->opt_start[p]; e < s->opt_start[p + 1]; e++) {
        int32_t j = s->opt_item[e], left = --s->count[j];
        if (left <= 1 && uncovered(s, j)) {
            push(s, j);
            dead_end |= left == 0;
        }
    }
    return dead_end;
}

static inline uint64_t *alive_row(const Search *s, int32_t level) { return s->lv_alive + (int64_t)level * s->words; }

static inline int is_alive(const Search *s, int32_t level, int32_t p) {
    return s->bits ? (int)((alive_row(s, level)[p >> 6] >> (p & 63)) & 1) : s->alive[p];
}

/* The bit mode's kills: the next level's row is this level's without the rows of o's entries. */
ALWAYS_INLINE void take_bits(Search *s, int32_t o, int32_t level, int32_t words) {
    const uint64_t *from = alive_row(s, level);
    uint64_t *to = alive_row(s, level + 1);
    for (int32_t w = 0; w < words; w++)
        to[w] = from[w];
    for (int32_t e = s->opt_start[o]; e < s->opt_start[o + 1]; e++) {
        const uint64_t *row = s->rows + (int64_t)s->entry_row[e] * words;
        for (int32_t w = 0; w < words; w++)
            to[w] &= ~row[w];
    }
}

/* Take option o at `level`: cover its items, kill what clashes (the bit mode: into the next level's row).
 * Returns 1 at a dead end found on the way (undo by `restore`). */
ALWAYS_INLINE int take(Search *s, int32_t o, int32_t level) {
    for (int32_t e = s->opt_start[o]; e < s->opt_start[o + 1]; e++) {
        int32_t j = s->opt_item[e];
        if (j < s->n_primary) { /* out of the uncovered set: swap with the last */
            int32_t at = s->uloc[j], last = s->uset[--s->n_unc];
            s->uset[at] = last; s->uloc[last] = at;
            s->uset[s->n_unc] = j; s->uloc[j] = s->n_unc;
        }
    }
    if (s->bits) {
        switch (s->words) {
        case 1: take_bits(s, o, level, 1); break;
        case 2: take_bits(s, o, level, 2); break;
        case 3: take_bits(s, o, level, 3); break;
        case 4: take_bits(s, o, level, 4); break;
        default: take_bits(s, o, level, s->words);
        }
        return 0;
    }
    int dead_end = 0;
    for (int32_t e = s->opt_start[o]; e < s->opt_start[o + 1]; e++) {
        int32_t j = s->opt_item[e], colour = s->opt_colour ? s->opt_colour[e] : 0;
        for (int32_t k = s->col_start[j]; k < s->col_start[j + 1]; k++) {
            int32_t p = s->col_opt[k];
            if (p != o && s->alive[p] && (colour == 0 || s->col_colour[k] != colour))
                dead_end |= kill(s, p);
        }
        if (dead_end)
            return 1;
    }
    return 0;
}

ALWAYS_INLINE void restore(Search *s, int32_t killed_mark, int32_t unc) {
    while (s->n_killed > killed_mark) {
        int32_t p = s->killed[--s->n_killed];
        s->alive[p] = 1;
        for (int32_t e = s->opt_start[p]; e < s->opt_start[p + 1]; e++) {
            int32_t j = s->opt_item[e];
            if (++s->count[j] == 1 && uncovered(s, j))
                push(s, j);
        }
    }
    if (!s->bits)
        for (int32_t u = s->n_unc; u < unc; u++) /* uncovered again */
            if (s->count[s->uset[u]] <= 1) {
                s->n_unc = u + 1;
                push(s, s->uset[u]);
            }
    s->n_unc = unc;
}

/* The bit mode's scan: each uncovered item's live options counted on rows of `words` words.  Inlined with
 * `words` a constant for narrow rows (the compiler unrolls the words: most of a small problem's node). */
ALWAYS_INLINE int32_t fewest_bits(const Search *s, const uint64_t *alive, int32_t words, int32_t *count) {
    int32_t best = -1, best_count = INT32_MAX;
    for (int32_t u = 0; u < s->n_unc; u++) {
        int32_t j = s->uset[u], c = 0;
        const uint64_t *row = s->rows + (int64_t)j * words;
        for (int32_t w = 0; w < words; w++)
            c += popcount(alive[w] & row[w]);
        if (c < best_count || (c == best_count && j < best)) {
            best = j; best_count = c;
            if (c == 0)
                break;
        }
    }
    *count = best_count;
    return best;
}

/* The uncovered primary item with the fewest live options, the first declared among equals; its count. */
ALWAYS_INLINE int32_t fewest(Search *s, int32_t level, int32_t *count) {
    if (s->bits) {
        const uint64_t *alive = alive_row(s, level);
        switch (s->words) {
        case 1: return fewest_bits(s, alive, 1, count);
        case 2: return fewest_bits(s, alive, 2, count);
        case 3: return fewest_bits(s, alive, 3, count);
        case 4: return fewest_bits(s, alive, 4, count);
        default: return fewest_bits(s, alive, s->words, count);
        }
    }
    while (s->heap_size > 0) { /* a forced item, if one is true */
        int64_t key = s->heap[0];
        int32_t j = (int32_t)(key % s->n_primary), c = (int32_t)(key / s->n_primary);
        if (uncovered(s, j) && s->count[j] == c) {
            *count = c;
            return j;
        }
        pop(s);
    }
    int32_t best = -1, best_count = INT32_MAX;
    for (int32_t u = 0; u < s->n_unc; u++) {
        int32_t j = s->uset[u], c = s->count[j];
        if (c < best_count || (c == best_count && j < best)) {
            best = j; best_count = c;
            if (c == 0)
                break;
        }
    }
    *count = best_count;
    return best;
}

/* The place of item c's next live option at `level` from place k on (a column index, or in the bit mode an
 * option number), or `end` when none is left. */
ALWAYS_INLINE int32_t next_live(const Search *s, int32_t level, int32_t c, int32_t k, int32_t end) {
    if (!s->bits) {
        while (k < end && !s->alive[s->col_opt[k]])
            k++;
        return k;
    }
    const uint64_t *alive = alive_row(s, level), *row = s->rows + (int64_t)c * s->words;
    for (int32_t w = k >> 6; w < s->words; w++) {
        uint64_t open = alive[w] & row[w];
        if (w == k >> 6)
            open &= ~0ULL << (k & 63);
        if (open)
            return (w << 6) + lowest_bit(open);
    }
    return end;
}

/* The bit mode's rows: one per item (its options), then one per (secondary item, colour) met (the item's
 * options in other colours or none).  0 when they would pass BIT_WORDS words. */
static int make_rows(Search *s) {
    int32_t entries = s->opt_start[s->n_options], n_rows = s->n_items;
    s->entry_row = malloc((entries + 1) * sizeof(int32_t));
    if (!s->entry_row)
        return 0;
    /* a coloured entry's row is its (item, colour)'s: numbered at the first entry of its item in its colour,
     * found by a pass over each column with the colours met so far (`first`, reset after the column) */
    int32_t n_colours = 0;
    for (int32_t e = 0; s->opt_colour && e < entries; e++)
        n_colours = s->opt_colour[e] > n_colours ? s->opt_colour[e] : n_colours;
    int32_t *row_of_first = malloc((entries + 1) * sizeof(int32_t)), *first = malloc((n_colours + 1) * sizeof(int32_t));
    int32_t *row_at = malloc((entries + 1) * sizeof(int32_t)), *fill = calloc(s->n_items + 1, sizeof(int32_t));
    if (!row_of_first || !first || !row_at || !fill) {
        free(row_of_first); free(first); free(row_at); free(fill);
        return 0;
    }
    for (int32_t c = 0; c <= n_colours; c++)
        first[c] = -1;
    for (int32_t j = 0; j < s->n_items; j++) { /* first[colour]: that colour's row in this column, once met */
        for (int32_t k = s->col_start[j]; k < s->col_start[j + 1]; k++) {
            int32_t colour = s->col_colour[k];
            row_of_first[k] = -1;
            if (colour && first[colour] < 0)
                first[colour] = row_of_first[k] = n_rows++;
            row_at[k] = colour ? first[colour] : j;
        }
        for (int32_t k = s->col_start[j]; k < s->col_start[j + 1]; k++)
            first[s->col_colour[k]] = -1;
    }
    for (int32_t o = 0; o < s->n_options; o++) /* each entry's place in its column, as xlsolver_fewest_new filled them */
        for (int32_t e = s->opt_start[o]; e < s->opt_start[o + 1]; e++) {
            int32_t j = s->opt_item[e];
            s->entry_row[e] = row_at[s->col_start[j] + fill[j]++];
        }
    free(first);
    free(row_at);
    free(fill);
    if ((int64_t)n_rows * s->words > BIT_WORDS) {
        free(row_of_first);
        return 0;
    }
    s->rows = calloc((int64_t)n_rows * s->words, sizeof(uint64_t));
    s->lv_alive = calloc((int64_t)(s->n_primary + s->given_depth + 2) * s->words, sizeof(uint64_t));
    if (!s->rows || !s->lv_alive) {
        free(row_of_first);
        return 0;
    }
    for (int32_t j = 0; j < s->n_items; j++) {
        uint64_t *row = s->rows + (int64_t)j * s->words;
        for (int32_t k = s->col_start[j]; k < s->col_start[j + 1]; k++)
            row[s->col_opt[k] >> 6] |= 1ULL << (s->col_opt[k] & 63);
    }
    for (int32_t j = 0; j < s->n_items; j++)
        for (int32_t k = s->col_start[j]; k < s->col_start[j + 1]; k++)
            if (row_of_first[k] >= 0) { /* the row of (j, this colour): j's options in other colours */
                uint64_t *row = s->rows + (int64_t)row_of_first[k] * s->words;
                for (int32_t q = s->col_start[j]; q < s->col_start[j + 1]; q++)
                    if (s->col_colour[q] != s->col_colour[k])
                        row[s->col_opt[q] >> 6] |= 1ULL << (s->col_opt[q] & 63);
            }
    free(row_of_first);
    uint64_t *alive = s->lv_alive;
    for (int32_t o = 0; o < s->n_options; o++)
        alive[o >> 6] |= 1ULL << (o & 63);
    return 1;
}

/* Does the bit mode cost less a node than the lists (AUTO's choice; fewest_native.bits says the same)?  A node of
 * it counts the live options of every uncovered primary item (about half of them) on rows of `words` words,
 * and clears its option's rows; a node of the lists scans the uncovered items once, and kills each live option
 * of its option's items (an item holds entries / items options), taking each out of its own items' counts.
 * Measured: bits run 4-5 x faster on queens, Langford pairs and pentominoes (few items, long columns), the lists
 * 2 x faster on a 9 x 9 sudoku (324 items, columns of 9 at most). */
static int bits_pay(int32_t n_items, int32_t n_primary, int32_t n_options, int64_t entries) {
    int64_t words = (n_options + 63) / 64;
    if (n_options == 0 || n_items == 0 || (int64_t)n_primary * words > BIT_SCAN)
        return 0;
    double per_option = (double)entries / n_options, per_item = (double)entries / n_items;
    double bits = words * (n_primary / 2.0 + per_option);
    double lists = n_primary / 2.0 + per_option * per_option * per_item;
    return BIT_COST * bits <= LIST_COST * lists;
}

/* A search over the options (opt_start[0..n_options], opt_item: items numbered primary first; opt_colour:
 * each entry's colour, 0 none, or NULL), the `given` options taken first; `mode`: BITS, LISTS or AUTO (bits
 * where they pay: `bits_pay`).  NULL when memory runs out. */
EXPORT Search *xlsolver_fewest_new(int32_t n_items, int32_t n_primary, int32_t n_options, const int32_t *opt_start,
                                    const int32_t *opt_item, const int32_t *opt_colour, const int32_t *given,
                                    int32_t n_given, int32_t mode) {
    Search *s = calloc(1, sizeof(Search));
    if (!s)
        return NULL;
    int32_t entries = opt_start[n_options], levels = n_primary + 1;
    s->n_items = n_items; s->n_primary = n_primary; s->n_options = n_options;
    s->opt_start = opt_start; s->opt_item = opt_item; s->opt_colour = opt_colour;
    s->col_start = calloc(n_items + 1, sizeof(int32_t));
    s->col_opt = malloc((entries + 1) * sizeof(int32_t));
    s->col_colour = malloc((entries + 1) * sizeof(int32_t));
    s->alive = malloc(n_options + 1);
    s->count = calloc(n_items + 1, sizeof(int32_t));
    s->uset = malloc((n_primary + 1) * sizeof(int32_t));
    s->uloc = malloc((n_primary + 1) * sizeof(int32_t));
    s->killed = malloc((n_options + 1) * sizeof(int32_t));
    int32_t **rows[] = {&s->lv_item, &s->lv_next, &s->lv_killed, &s->lv_unc, &s->lv_total, &s->lv_tried, &s->chosen};
    for (size_t r = 0; r < sizeof rows / sizeof *rows; r++)
        *rows[r] = calloc(levels + n_given + 1, sizeof(int32_t));
    int ok = s->col_start && s->col_opt && s->col_colour && s->alive && s->count && s->uset && s->uloc && s->killed;
    for (size_t r = 0; r < sizeof rows / sizeof *rows; r++)
        ok = ok && *rows[r];
    if (!ok) {
        xlsolver_fewest_free(s);
        return NULL;
    }
    for (int32_t e = 0; e < entries; e++)
        s->col_start[opt_item[e] + 1]++;
    for (int32_t j = 0; j < n_items; j++)
        s->col_start[j + 1] += s->col_start[j];
    int32_t *fill = s->count;          /* borrowed as the columns' fill pointers, then made counts */
    for (int32_t o = 0; o < n_options; o++)
        for (int32_t e = opt_start[o]; e < opt_start[o + 1]; e++) {
            int32_t j = opt_item[e], at = s->col_start[j] + fill[j]++;
            s->col_opt[at] = o;
            s->col_colour[at] = opt_colour ? opt_colour[e] : 0;
        }
    memset(s->alive, 1, n_options + 1);
    for (int32_t j = 0; j < n_primary; j++) {
        s->uset[j] = j; s->uloc[j] = j;
    }
    s->n_unc = n_primary;
    s->depth = -1;
    s->status = RUNNING;
    s->given_depth = n_given;
    s->words = (n_options + 63) / 64;
    if (mode == BITS || (mode == AUTO && bits_pay(n_items, n_primary, n_options, entries))) {
        s->bits = make_rows(s);
        if (!s->bits && mode == BITS) {
            xlsolver_fewest_free(s);
            return NULL;
        }
    }
    if (!s->bits) {
        s->heap_cap = 4 * n_primary + 64;
        s->heap = malloc(s->heap_cap * sizeof(int64_t));
        if (!s->heap) {
            xlsolver_fewest_free(s);
            return NULL;
        }
        rebuild_heap(s);
    }
    /* the given options, in order; one that was killed by an earlier one (or repeats it) leaves no solution */
    for (int32_t g = 0; g < n_given; g++) {
        int32_t o = given[g];
        int clash = o < 0 || o >= n_options || !is_alive(s, g, o);
        for (int32_t e = clash ? 0 : opt_start[o]; !clash && e < opt_start[o + 1]; e++)
            clash = opt_item[e] < n_primary && s->uloc[opt_item[e]] >= s->n_unc;
        if (clash || take(s, o, g)) {
            s->status = DONE; /* no solution holds them all */
            break;
        }
        s->alive[o] = 0; /* taken: not a candidate again (a given option of secondary items only) */
        if (s->bits)
            alive_row(s, g + 1)[o >> 6] &= ~(1ULL << (o & 63));
        s->chosen[g] = o;
    }
    return s;
}

/* Open a level for the item with the fewest options; returns 0 when the node is a leaf (counted). */
ALWAYS_INLINE int open_level(Search *s, int32_t level) {
    if (s->n_unc == 0) {
        s->solutions++;
        return 0;
    }
    int32_t live;
    int32_t c = fewest(s, level, &live);
    if (live == 0)
        return 0;
    if (s->n_unc == 1 && !s->wants_solutions) {
        s->solutions += live; /* each live option of the last item is a solution */
        return 0;
    }
    s->lv_item[level] = c;
    s->lv_next[level] = s->bits ? 0 : s->col_start[c];
    s->lv_killed[level] = s->n_killed;
    s->lv_unc[level] = s->n_unc;
    s->lv_total[level] = live;
    s->lv_tried[level] = 0;
    return 1;
}

/* Search for `budget` more nodes.  Solutions, when wanted (else only counted, the last item's at once), go to
 * out: rows of `width` options, -1 ended, while there is room.  Returns the status: RUNNING (budget spent), DONE, LIMIT (`limit` solutions, 0: none),
 * BUFFER_FULL (out full: read it, then call again). */
EXPORT HOT int32_t xlsolver_fewest_run(Search *s, int64_t budget, uint64_t limit, int32_t *out, int32_t rows,
                                   int32_t width, int32_t *stored, int32_t wants_solutions) {
    *stored = 0;
    s->wants_solutions = wants_solutions;
    if (s->status != RUNNING)
        return s->status;
    uint64_t stop_at = s->nodes + (uint64_t)budget;
    int32_t base = s->given_depth;
    if (s->depth < 0) { /* the root (not a node: nodes are options tried, as fewest.py counts them) */
        uint64_t before = s->solutions;
        if (!open_level(s, base)) {
            if (s->wants_solutions && s->solutions > before && *stored < rows)
                store_solution(s->chosen, base - 1, out, width, stored);
            s->status = (limit && s->solutions >= limit) ? LIMIT : DONE;
            return s->status;
        }
        s->depth = base;
    }
    for (;;) {
        int32_t d = s->depth;
        restore(s, s->lv_killed[d], s->lv_unc[d]);
        int32_t c = s->lv_item[d], end = s->bits ? s->n_options : s->col_start[c + 1];
        int32_t k = next_live(s, d, c, s->lv_next[d], end);
        if (k >= end) { /* this level is done */
            if (d == base) {
                s->status = DONE;
                return DONE;
            }
            s->depth = d - 1;
            continue;
        }
        int32_t o = s->bits ? k : s->col_opt[k];
        s->lv_next[d] = k + 1;
        s->lv_tried[d]++;
        s->chosen[d] = o;
        s->nodes++;
        uint64_t before = s->solutions;
        if (!take(s, o, d) && open_level(s, d + 1))
            s->depth = d + 1;
        if (s->solutions > before) {
            int32_t end = solution_found(s->chosen, d, s->solutions, limit, s->wants_solutions, out, rows, width,
                                         stored);
            if (end != RUNNING)
                return end == LIMIT ? (s->status = LIMIT) : end;
        }
        if (s->nodes >= stop_at)
            return RUNNING;
    }
}

/* Knuth's estimate of the share of the tree searched: each level's tried options over its total. */
EXPORT double xlsolver_fewest_explored(const Search *s) {
    return s->status == DONE ? 1.0 : explored_share(s->lv_tried, s->lv_total, s->given_depth, s->depth);
}

EXPORT uint64_t xlsolver_fewest_solutions(const Search *s) { return s->solutions; }

EXPORT uint64_t xlsolver_fewest_nodes(const Search *s) { return s->nodes; }

/* The options the search branches on first (the live options of the item with the fewest, in option
 * order), written to out (room for n_options): their number; -1 when the given options are a solution
 * already, 0 when no solution holds them.  A split count's tasks are these branches, so each task is a
 * subtree of the one search, and together they are all of it. */
EXPORT int32_t xlsolver_fewest_children(Search *s, int32_t *out) {
    if (s->status != RUNNING)
        return 0;
    if (s->n_unc == 0)
        return -1;
    int32_t live, base = s->given_depth;
    int32_t c = fewest(s, base, &live), n = 0;
    int32_t end = s->bits ? s->n_options : s->col_start[c + 1];
    for (int32_t k = next_live(s, base, c, s->bits ? 0 : s->col_start[c], end); k < end;
         k = next_live(s, base, c, k + 1, end))
        out[n++] = s->bits ? k : s->col_opt[k];
    return n;
}
