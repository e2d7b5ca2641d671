// BurrTools' own library as an oracle for bench/burr_spheres.py (not part of xlsolver; compiled against a
// BurrTools source tree by that script, run on demand).
//
//   burr_oracle cells FILE                 every saved assembly, each piece placed as BurrTools places it:
//                                          "C problem solution piece x y z" per voxel ("F ..." where it cannot)
//   burr_oracle solve FILE P [MAX] [init]  BurrTools' assembler on problem P (from 0): "A x y z t ..." per
//                                          assembly ("x" for a piece left out), at most MAX; with "init" the
//                                          hotspots are first set as BurrTools' Solve button sets them
#include "lib/puzzle.h"
#include "lib/problem.h"
#include "lib/assembler.h"
#include "lib/assembly.h"
#include "lib/solution.h"
#include "lib/voxel.h"
#include "lib/gridtype.h"
#include "tools/xml.h"
#include "tools/gzstream.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

static void cells(puzzle_c & p) {
  for (unsigned pr = 0; pr < p.getNumberOfProblems(); pr++) {
    problem_c * problem = p.getProblem(pr);
    for (unsigned s = 0; s < problem->getNumberOfSavedSolutions(); s++) {
      const assembly_c * a = problem->getSavedSolution(s)->getAssembly();
      if (!a) continue;
      for (unsigned i = 0; i < a->placementCount(); i++) {
        if (!a->isPlaced(i)) continue;
        voxel_c * piece = p.getGridType()->getVoxel(problem->getPartShape(problem->getPartIdToPieceId(i)));
        if (!piece->transform(a->getTransformation(i))) {
          printf("F %u %u %u\n", pr, s, i);
          delete piece;
          continue;
        }
        int dx = a->getX(i) - (int)piece->getHx(), dy = a->getY(i) - (int)piece->getHy(),
            dz = a->getZ(i) - (int)piece->getHz();
        for (unsigned z = 0; z < piece->getZ(); z++)
          for (unsigned y = 0; y < piece->getY(); y++)
            for (unsigned x = 0; x < piece->getX(); x++)
              if (piece->getState(x, y, z) != voxel_c::VX_EMPTY)
                printf("C %u %u %u %d %d %d\n", pr, s, i, x + dx, y + dy, z + dz);
        delete piece;
      }
    }
  }
}

class printer : public assembler_cb {
public:
  long found, most;
  explicit printer(long m) : found(0), most(m) {}
  bool assembly(assembly_c * a) {
    printf("A");
    for (unsigned i = 0; i < a->placementCount(); i++)
      if (a->isPlaced(i)) printf(" %d %d %d %d", a->getX(i), a->getY(i), a->getZ(i), a->getTransformation(i));
      else printf(" x");
    printf("\n");
    delete a;
    if (++found >= most) { fflush(stdout); exit(0); }
    return true;
  }
};

int main(int argc, char ** argv) {
  if (argc < 3) { fprintf(stderr, "usage: burr_oracle cells FILE | solve FILE P [MAX] [init]\n"); return 2; }
  std::istream * in = openGzFile(argv[2]);
  xmlParser_c parser(*in);
  puzzle_c p(parser);
  delete in;
  if (!strcmp(argv[1], "cells")) { cells(p); return 0; }
  if (argc > 5)
    for (unsigned i = 0; i < p.getNumberOfShapes(); i++) p.getShape(i)->initHotspot();
  problem_c * problem = p.getProblem(atoi(argv[3]));
  assembler_c * assembler = p.getGridType()->findAssembler(*problem);
  if (assembler->createMatrix(false, false, false) != assembler_c::ERR_NONE) { printf("E\n"); return 1; }
  printer out(argc > 4 ? atol(argv[4]) : 1000000000L);
  assembler->assemble(&out);
  return 0;
}
