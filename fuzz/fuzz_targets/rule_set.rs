//! Rule set files (`RuleSet::from_ron`: presets, and players' own rules given to the app or
//! to `sternhalma-cli --rules FILE`).
//!
//! The promise: whatever the bytes, a rule set is refused with a message, or it validates,
//! every player count it allows starts a game with moves to make, and writing it out and
//! reading that back gives the same rule set.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sternhalma_rules::{Game, RuleSet, RulesError, Setup};

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match RuleSet::from_ron(&text) {
        Ok(rules) => {
            assert_eq!(rules.validate(), Ok(()));
            let written = rules.to_ron();
            assert_eq!(
                RuleSet::from_ron(&written).as_ref(),
                Ok(&rules),
                "{written}"
            );
            assert!(rules.players.contains(&rules.default_players));
            for &players in &rules.players {
                let setup = Setup::for_rules(&rules, Some(players), None)
                    .unwrap_or_else(|e| panic!("{players} players: {e}\n{written}"));
                let game = Game::new(setup, rules.clone())
                    .unwrap_or_else(|e| panic!("{players} players: {e}\n{written}"));
                assert!(!game.is_over());
                assert!(!game.legal_moves().is_empty(), "{written}");
            }
        }
        Err(e) => {
            assert!(
                matches!(e, RulesError::Parse(_) | RulesError::Invalid(_)),
                "{e:?}"
            );
            assert!(e.to_string().len() > "invalid rules: ".len(), "{e:?}");
        }
    }
});
