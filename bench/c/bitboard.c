/* Reference for bench/run.py: exact cover by bitboard, filling the first
 * uncovered primary item (in the order the file declares them) with the
 * options whose first primary item it is.  Up to 128 items, as two 64-bit words.
 * Reads Knuth's text format (see dlx.c).  Usage: bitboard < problem.dlx */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITEMS 128
#define MAX_OPTIONS 100000
#define MAX_LINE 65536

typedef struct { uint64_t lo, hi; } mask;
static char names[MAX_ITEMS][32];
static int n_items, n_primary;
static mask options[MAX_OPTIONS];
static int first_item[MAX_OPTIONS], n_options;
static int start[MAX_ITEMS + 1], order[MAX_OPTIONS];
static long long solutions, nodes;

static int find_item(const char *name) {
    for (int i = 0; i < n_items; i++) if (strcmp(names[i], name) == 0) return i;
    fprintf(stderr, "unknown item %s\n", name); exit(2);
}

static int covered(mask m, int i) { return i < 64 ? (m.lo >> i) & 1 : (m.hi >> (i - 64)) & 1; }

static void search(mask c, int item) {
    while (item < n_primary && covered(c, item)) item++;
    if (item == n_primary) { solutions++; return; }
    for (int k = start[item]; k < start[item + 1]; k++) {
        mask o = options[order[k]];
        if ((o.lo & c.lo) | (o.hi & c.hi)) continue;
        nodes++;
        mask next = { c.lo | o.lo, c.hi | o.hi };
        search(next, item + 1);
    }
}

int main(void) {
    static char line[MAX_LINE];
    int header_done = 0;
    while (fgets(line, sizeof line, stdin)) {
        char *s = line; while (*s == ' ' || *s == '\t') s++;
        if (*s == '|' || *s == '\n' || *s == 0) continue;
        if (!header_done) {
            int secondary = 0;
            for (char *tok = strtok(s, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
                if (strcmp(tok, "|") == 0) { secondary = 1; continue; }
                if (n_items == MAX_ITEMS) { fprintf(stderr, "more than %d items\n", MAX_ITEMS); return 2; }
                strncpy(names[n_items++], tok, 31);
                if (!secondary) n_primary = n_items;
            }
            header_done = 1;
            continue;
        }
        mask m = {0, 0};
        int first = MAX_ITEMS;
        for (char *tok = strtok(s, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
            int i = find_item(tok);
            if (i < 64) m.lo |= (uint64_t)1 << i; else m.hi |= (uint64_t)1 << (i - 64);
            if (i < first) first = i;
        }
        options[n_options] = m; first_item[n_options++] = first;
    }
    /* group options by first primary item, keeping file order inside a group */
    int counts[MAX_ITEMS + 1] = {0};
    for (int k = 0; k < n_options; k++) counts[first_item[k] + 1]++;
    for (int i = 0; i < MAX_ITEMS; i++) counts[i + 1] += counts[i];
    memcpy(start, counts, sizeof start);
    int fill[MAX_ITEMS + 1]; memcpy(fill, counts, sizeof fill);
    for (int k = 0; k < n_options; k++) order[fill[first_item[k]]++] = k;
    search((mask){0, 0}, 0);
    printf("%lld solutions, %lld nodes\n", solutions, nodes);
    return 0;
}
