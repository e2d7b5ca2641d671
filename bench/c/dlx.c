/* Reference for bench/run.py: Knuth's Dancing Links (Algorithm X with the
 * "minimum remaining values" item choice), counting every solution.
 * Reads Knuth's text format: "primary items | secondary items", then one option
 * per line; lines starting with '|' are comments.  Usage: dlx < problem.dlx */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ITEMS 4096
#define MAX_NODES 2000000
#define MAX_LINE 65536

static char names[MAX_ITEMS][32];
static int n_items, n_primary;
/* item headers 0..n_items (0 is the root); nodes after them */
static int L[MAX_ITEMS + 1], R[MAX_ITEMS + 1], LEN[MAX_ITEMS + 1];
static int U[MAX_NODES], D[MAX_NODES], TOP[MAX_NODES];
static int n_nodes;
static long long solutions, nodes;

static int find_item(const char *name) {
    for (int i = 1; i <= n_items; i++) if (strcmp(names[i], name) == 0) return i;
    fprintf(stderr, "unknown item %s\n", name); exit(2);
}

static void cover(int i) {
    for (int p = D[i]; p != i; p = D[p]) {
        for (int q = p + 1; q != p;) {
            int x = TOP[q];
            if (x <= 0) { q = U[q]; continue; }   /* spacer: back to the option's first node */
            U[D[q]] = U[q]; D[U[q]] = D[q]; LEN[x]--; q++;
        }
    }
    L[R[i]] = L[i]; R[L[i]] = R[i];
}

static void uncover(int i) {
    L[R[i]] = i; R[L[i]] = i;
    for (int p = U[i]; p != i; p = U[p]) {
        for (int q = p - 1; q != p;) {
            int x = TOP[q];
            if (x <= 0) { q = D[q]; continue; }   /* spacer: on to the option's last node */
            U[D[q]] = q; D[U[q]] = q; LEN[x]++; q--;
        }
    }
}

static void search(void) {
    if (R[0] == 0) { solutions++; return; }
    int best = R[0];
    for (int i = R[best]; i != 0; i = R[i]) if (LEN[i] < LEN[best]) best = i;
    if (LEN[best] == 0) return;
    cover(best);
    for (int p = D[best]; p != best; p = D[p]) {
        nodes++;
        for (int q = p + 1; q != p;) { int x = TOP[q]; if (x <= 0) { q = U[q]; continue; } cover(x); q++; }
        search();
        for (int q = p - 1; q != p;) { int x = TOP[q]; if (x <= 0) { q = D[q]; continue; } uncover(x); q--; }
    }
    uncover(best);
}

int main(void) {
    static char line[MAX_LINE];
    int header_done = 0, last_spacer;
    while (fgets(line, sizeof line, stdin)) {
        char *s = line; while (*s == ' ' || *s == '\t') s++;
        if (*s == '|' || *s == '\n' || *s == 0) continue;
        if (!header_done) {
            int secondary = 0;
            for (char *tok = strtok(s, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
                if (strcmp(tok, "|") == 0) { secondary = 1; continue; }
                strncpy(names[++n_items], tok, 31);
                if (!secondary) n_primary = n_items;
            }
            /* primary items in the root's list; secondary ones linked to themselves */
            for (int i = 0; i <= n_items; i++) { LEN[i] = 0; U[i] = D[i] = i; }
            L[0] = n_primary; R[n_primary] = 0;
            for (int i = 1; i <= n_primary; i++) { L[i] = i - 1; R[i - 1] = i; }
            for (int i = n_primary + 1; i <= n_items; i++) { L[i] = R[i] = i; }
            n_nodes = n_items + 1;
            TOP[n_nodes] = 0; last_spacer = n_nodes++;   /* first spacer */
            header_done = 1;
            continue;
        }
        int first = n_nodes;
        for (char *tok = strtok(s, " \t\r\n"); tok; tok = strtok(NULL, " \t\r\n")) {
            int i = find_item(tok), x = n_nodes++;
            TOP[x] = i; LEN[i]++;
            U[x] = U[i]; D[x] = i; D[U[i]] = x; U[i] = x;
        }
        /* spacer after the option: U points to its first node; previous spacer's D to its last */
        D[last_spacer] = n_nodes - 1;
        TOP[n_nodes] = -1; U[n_nodes] = first; last_spacer = n_nodes++;
        if (n_nodes >= MAX_NODES - MAX_ITEMS) { fprintf(stderr, "too many nodes\n"); return 2; }
    }
    search();
    printf("%lld solutions, %lld nodes\n", solutions, nodes);
    return 0;
}
