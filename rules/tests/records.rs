//! Hand-edited records are refused with an error, never a panic.

use sternhalma_rules::{Game, GameRecord, RecordError};

#[test]
fn a_record_claiming_more_than_six_players_is_refused() {
    let game = Game::from_preset("classic", Some(6), None).unwrap();
    let text = GameRecord::from_game(&game)
        .to_ron()
        .replace("players: 6,", "players: 7,")
        .replace(
            "start: None,",
            r#"start: Some((marbles: ["e9", "e10", "e11", "e12", "e13", "e14", "e15"], to_move: 0)),"#,
        );
    let record = GameRecord::from_ron(&text).expect("the shape is fine");
    assert_eq!(record.setup.players, 7);
    assert!(matches!(record.replay(), Err(RecordError::Rules(_))));
    assert!(matches!(record.replay_to(0), Err(RecordError::Rules(_))));
}
