//! The transposition table: scores and best moves of positions already searched, and a
//! cache of leaf scores. Kept apart from the search because its memory outlives a search:
//! each thread keeps one table and stamps it per search instead of clearing 6 MB each time.

use super::search::SMove;

/// One searched position: its best move, and its score as a bound ([`EXACT`], [`LOWER`] or
/// [`UPPER`]) from a search this many plies deep.
#[derive(Clone, Copy, Default)]
pub(super) struct Entry {
    pub key: u64,
    pub best: SMove,
    pub score: i32,
    pub depth: i8,
    pub bound: u8,
    /// The search that wrote it: entries of earlier searches count as empty.
    pub stamp: u32,
}

/// A transposition table that outlives its search, so the next one need not clear it.
pub(super) struct Table {
    pub entries: Vec<Entry>,
    /// Leaf scores by position (key, score, stamp): the same leaf is reached by playing the
    /// root's two moves in either order, and scoring it lists every opponent's moves.
    pub leaves: Vec<(u64, i32, u32)>,
    /// Stamp of the search using it now.
    pub stamp: u32,
}

impl Table {
    /// Entries (a power of two: a key's low bits pick its slot).
    pub const SIZE: usize = 1 << 18;
    /// Leaf scores (a power of two, as `SIZE`).
    pub const LEAVES: usize = 1 << 14;

    /// A table of no memory, to stand in for one given back.
    pub fn empty() -> Table {
        Table {
            entries: Vec::new(),
            leaves: Vec::new(),
            stamp: 0,
        }
    }

    /// A table that looks empty: a spare one of this thread's when there is one. Foresight
    /// runs some forty small searches a move, and clearing a fresh 6 MB table cost more time
    /// than many of them.
    pub fn take() -> Table {
        let mut table = SPARE_TABLES
            .with_borrow_mut(Vec::pop)
            .unwrap_or_else(|| Table {
                entries: vec![Entry::default(); Self::SIZE],
                leaves: vec![(0, 0, 0); Self::LEAVES],
                stamp: 0,
            });
        table.stamp = table.stamp.wrapping_add(1);
        if table.stamp == 0 {
            table.entries.fill(Entry::default());
            table.leaves.fill((0, 0, 0));
            table.stamp = 1;
        }
        table
    }

    /// Keeps the table for the next search on this thread: one, as a thread's searches run
    /// one after another, so a worker thread keeps some 6.5 MB.
    pub fn give_back(self) {
        SPARE_TABLES.with_borrow_mut(|spare| {
            if spare.is_empty() {
                spare.push(self);
            }
        });
    }
}

thread_local! {
    /// Tables of finished searches on this thread, for the next ones.
    static SPARE_TABLES: std::cell::RefCell<Vec<Table>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// An entry's score is exact.
pub(super) const EXACT: u8 = 0;
/// Mixed into a leaf's key by who is to move there (the root, or its opponents).
pub(super) const LEAF_MAX: u64 = 0x5851_F42D_4C95_7F2D;
pub(super) const LEAF_MIN: u64 = 0x1405_7B7E_F767_814F;
/// The position is worth at least the entry's score (the search failed high).
pub(super) const LOWER: u8 = 1;
/// The position is worth at most the entry's score (the search failed low).
pub(super) const UPPER: u8 = 2;
