/*
 * sp_gc_thp.c — transparent huge pages for the collector's heap sections.
 *
 * Why: on the reference VM (nested paging) a 4 KiB page fault costs
 * 5-10 us and a TLB miss is a two-dimensional page walk.  An
 * allocation-heavy program cycles its whole heap between collections
 * (Boehm clears and relinks every reclaimed block, GC_build_fl), marks
 * every live object each collection and walks its data: with 4 KiB pages
 * binary_trees took ~8,700 page faults and spent most of GC_build_fl's
 * time on the first store to each block.  THP is in "madvise" mode here,
 * so the heap has to ask for it.
 *
 * How: Boehm says when its heap grew (GC_set_on_heap_resize, called with
 * the allocation lock held, after the new section is added and before
 * anything is allocated from it) but not where.  We keep a snapshot of
 * the process's mappings (/proc/self/maps) and, at each growth, look for
 * the address range that is new since the snapshot, anonymous and
 * read-write, and exactly as large as the growth: that is the section.
 * It gets MADV_HUGEPAGE (a hint; errors are ignored).  A range that
 * merely has the same size (a thread stack mapped in the same interval)
 * would at worst get huge pages it does not need: never a correctness
 * problem, only memory.  Boehm's own marker threads' stacks are created
 * before the heap is this large, and fiber stacks lie outside the
 * plausible-heap range (sp_gc_roots.c rule 4), which we also require.
 *
 * Cost: only programs whose heap grows past SP_THP_MIN_HEAP pay anything:
 * one read of /proc/self/maps per heap growth from then on (Boehm grows
 * the heap geometrically, so a handful), parsed into a static table; no
 * allocation.  Small heaps keep 4 KiB pages (a huge page would turn a
 * few hundred KB of touched heap into 2 MB of RSS).  RSS of a large heap
 * is unchanged: Boehm grows the heap only when it is exhausted, so a new
 * section is used right away.  Knob: SPINEL_GC_THP=0 turns it off.
 *
 * Context: sp_gc_thp_init runs once in gc_setup (single-threaded); the
 * callback runs under the GC allocation lock, which also guards the
 * static state below.
 */
#include "spinel.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include <gc/gc_mark.h>

#define SP_THP_MIN_HEAP ((GC_word)6 << 20)   /* advise sections from 6 MB on */
#define SP_THP_SNAP_HEAP ((GC_word)3 << 20)  /* snapshot the mappings from 3 MB */
#define SP_THP_MAX_VMAS 4096

typedef struct { uintptr_t lo, hi; } thp_range;

static char maps_text[256 * 1024];
static thp_range snaps[2][SP_THP_MAX_VMAS]; /* sorted mappings; known = the last snapshot */
static thp_range *known = snaps[0];
static int n_known = -1;                   /* -1: no valid snapshot */
static GC_word last_heap;

static uintptr_t parse_hex(const char **pp)
{
    const char *p = *pp;
    uintptr_t v = 0;
    for (;; p++) {
        unsigned c = (unsigned char)*p;
        if (c >= '0' && c <= '9') v = v * 16 + (c - '0');
        else if (c >= 'a' && c <= 'f') v = v * 16 + (c - 'a' + 10);
        else break;
    }
    *pp = p;
    return v;
}

/* Reads /proc/self/maps into maps_text; 0 if it did not fit or failed. */
static size_t read_maps(void)
{
    int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    size_t n = 0;
    for (;;) {
        ssize_t r = read(fd, maps_text + n, sizeof maps_text - 1 - n);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) { n = 0; break; }
        if (r == 0) break;
        n += (size_t)r;
        if (n == sizeof maps_text - 1) { n = 0; break; }   /* too many mappings */
    }
    close(fd);
    maps_text[n] = 0;
    return n;
}

/* A section is `want` bytes, and Boehm's own bookkeeping memory (block
 * headers, mapped just before or after) often lands in the same new
 * range: accept a new piece up to a quarter larger. */
static int section_size_p(uintptr_t size, uintptr_t want)
{
    return size >= want && size <= want + want / 4;
}

/* The part of mapping [lo, hi) not covered by the old snapshot, if it is
 * one piece of a section's size (*len set); else 0. */
static uintptr_t new_piece(uintptr_t lo, uintptr_t hi, uintptr_t want, uintptr_t *len)
{
    uintptr_t found = 0, cur = lo;
    int pieces = 0;
    for (int i = 0; i < n_known && cur < hi; i++) {
        if (known[i].hi <= cur) continue;
        if (known[i].lo >= hi) break;
        if (known[i].lo > cur) {
            if (section_size_p(known[i].lo - cur, want)) found = cur, *len = known[i].lo - cur;
            pieces++;
        }
        cur = known[i].hi;
    }
    if (cur < hi) {
        if (section_size_p(hi - cur, want)) found = cur, *len = hi - cur;
        pieces++;
    }
    return pieces == 1 ? found : 0;
}

#define SP_THP_BYTES ((uintptr_t)2 << 20)
#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif

/* Some of the 2 MiB extent's pages are already in memory. */
static int extent_touched_p(uintptr_t x)
{
    static unsigned char vec[SP_THP_BYTES / 4096];
    if (mincore((void *)x, SP_THP_BYTES, vec) != 0) return 0;
    for (size_t i = 0; i < sizeof vec; i++)
        if (vec[i] & 1) return 1;
    return 0;
}

/* Ask for huge pages on a new section.  A 2 MiB extent that straddles
 * the section's edge and the neighbouring section (the sections are
 * mapped next to each other) could not be advised while half of it was
 * unmapped, so the neighbour's half already has small pages, and a
 * partly populated extent never gets a huge page at a fault: collapse
 * those extents now (MADV_COLLAPSE copies the resident pages into a
 * huge one, once per growth per edge, ~0.1-0.3 ms).  Extents that are
 * not inside advised mappings fail the collapse harmlessly. */
static void advise_section(uintptr_t s, uintptr_t len)
{
    if (madvise((void *)s, len, MADV_HUGEPAGE) != 0) return;
    uintptr_t lo = s & ~(SP_THP_BYTES - 1), hi = (s + len - 1) & ~(SP_THP_BYTES - 1);
    if (lo != s && extent_touched_p(lo)) madvise((void *)lo, SP_THP_BYTES, MADV_COLLAPSE);
    if (hi != lo && ((s + len) & (SP_THP_BYTES - 1)) && extent_touched_p(hi))
        madvise((void *)hi, SP_THP_BYTES, MADV_COLLAPSE);
}

static void GC_CALLBACK heap_resized(GC_word new_size)
{
    GC_word delta = new_size > last_heap ? new_size - last_heap : 0;
    last_heap = new_size;
    if (new_size < SP_THP_SNAP_HEAP) return;
    size_t len = read_maps();
    if (len == 0) { n_known = -1; return; }
    uintptr_t plo = (uintptr_t)GC_least_plausible_heap_addr;
    uintptr_t phi = (uintptr_t)GC_greatest_plausible_heap_addr;
    uintptr_t section = 0, section_len = 0;
    thp_range *cur = known == snaps[0] ? snaps[1] : snaps[0];
    int n = 0;
    const char *p = maps_text;
    while (*p) {
        uintptr_t lo = parse_hex(&p);
        if (*p == '-') p++;
        uintptr_t hi = parse_hex(&p);
        while (*p == ' ') p++;
        int rw_private = p[0] == 'r' && p[1] == 'w' && p[3] == 'p';
        /* anonymous: no path after the inode column */
        const char *eol = p;
        while (*eol && *eol != '\n') eol++;
        const char *q = eol;
        while (q > p && q[-1] == ' ') q--;
        int anon = q > p && q[-1] == '0' && q - 2 >= p && q[-2] == ' ';
        if (n < SP_THP_MAX_VMAS) cur[n].lo = lo, cur[n].hi = hi;
        n++;
        if (!section && delta && n_known >= 0 && new_size >= SP_THP_MIN_HEAP && rw_private && anon
            && lo >= plo && hi <= phi + 1)
            section = new_piece(lo, hi, delta, &section_len);
        p = *eol ? eol + 1 : eol;
    }
    known = cur;
    n_known = n <= SP_THP_MAX_VMAS ? n : -1;
    if (section) advise_section(section, section_len);
}

/* Called once from gc_setup after GC_INIT. */
void sp_gc_thp_init(void)
{
    const char *e = getenv("SPINEL_GC_THP");
    if (e && atoi(e) == 0) return;
    last_heap = GC_get_heap_size();
    GC_set_on_heap_resize(heap_resized);
}
