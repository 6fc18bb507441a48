//! The player's own rule sets: an edited preset saved under a name of the player's, offered on
//! the new-game screen after the presets and read everywhere (the guide, records, statistics)
//! as "family rules (from classic)". Kept in [`MY_RULES_FILE`] ([`MyRulesFile`]).
//!
//! [`MyRulesFile`]: crate::formats::MyRulesFile

use std::fmt;
use sternhalma_rules::RuleSet;

/// The file in the data folder that keeps the player's named rule sets.
pub const MY_RULES_FILE: &str = "my-rules.ron";

/// The longest name a rule set may have, in characters: it must fit the picker on a phone and
/// the statistics' table names.
pub const NAME_MAX: usize = 24;

/// The name every edited, unsaved rule set goes by ("custom (from classic)"): no player's own.
const CUSTOM: &str = "custom";

/// The player's rule sets, in the order they were saved.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "bevy", derive(bevy_ecs::resource::Resource))]
pub struct MyRules {
    sets: Vec<RuleSet>,
}

/// Why rules were not saved under the name typed, in words for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Nothing but spaces.
    Blank,
    /// Longer than [`NAME_MAX`].
    TooLong,
    /// A line break or another control character.
    Unprintable,
    /// A built-in preset's name (or "custom"), whatever its case.
    Preset(String),
    /// A rule set of the player's already has this name (as saved, whatever its case).
    Taken(String),
    /// The rules were not made from a preset, so they could not say where they came from.
    NoPreset,
    /// The rules do not make a playable game.
    Unplayable(String),
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::Blank => write!(f, "Type a name for these rules."),
            Refused::TooLong => write!(f, "A name can be at most {NAME_MAX} characters long."),
            Refused::Unprintable => write!(f, "A name cannot hold line breaks or tabs."),
            Refused::Preset(n) if n == CUSTOM => write!(
                f,
                "\"{CUSTOM}\" is what changed rules are called until they are saved: choose \
                 another name."
            ),
            Refused::Preset(n) => write!(
                f,
                "\"{n}\" is the name of a built-in preset: choose another name."
            ),
            Refused::Taken(n) => write!(
                f,
                "You already have rules named \"{n}\": replace them, or choose another name."
            ),
            Refused::NoPreset => write!(
                f,
                "Only rules changed from one of the presets can be saved under a name."
            ),
            Refused::Unplayable(e) => write!(f, "These rules cannot be saved: {e}."),
        }
    }
}

impl std::error::Error for Refused {}

fn same_name(a: &str, b: &str) -> bool {
    a.to_lowercase() == b.to_lowercase()
}

impl MyRules {
    /// Every rule set, in the order saved.
    pub fn all(&self) -> &[RuleSet] {
        &self.sets
    }

    /// The rule set saved under exactly this name.
    pub fn get(&self, name: &str) -> Option<&RuleSet> {
        self.sets.iter().find(|r| r.name == name)
    }

    fn position(&self, name: &str) -> Option<usize> {
        self.sets.iter().position(|r| same_name(&r.name, name))
    }

    /// The name as it would be saved (spaces around it trimmed), or why it cannot be used;
    /// names already taken are not checked here (see [`Self::check_name`]).
    pub fn clean_name(typed: &str) -> Result<String, Refused> {
        let name = typed.trim();
        if name.is_empty() {
            return Err(Refused::Blank);
        }
        if name.chars().count() > NAME_MAX {
            return Err(Refused::TooLong);
        }
        if name.chars().any(char::is_control) {
            return Err(Refused::Unprintable);
        }
        if let Some(p) = RuleSet::preset_names()
            .chain([CUSTOM])
            .find(|p| same_name(p, name))
        {
            return Err(Refused::Preset(p.to_string()));
        }
        Ok(name.to_string())
    }

    /// The name as it would be saved, or why it cannot be used, including a name already
    /// taken by one of the player's rule sets.
    pub fn check_name(&self, typed: &str) -> Result<String, Refused> {
        let name = MyRules::clean_name(typed)?;
        match self.position(&name) {
            Some(i) => Err(Refused::Taken(self.sets[i].name.clone())),
            None => Ok(name),
        }
    }

    /// Whether these are a preset's rules with something changed and not yet saved under a
    /// name: the rules the new-game screen offers to save.
    pub fn can_save(rules: &RuleSet) -> bool {
        rules.based_on.is_none()
            && RuleSet::preset(&rules.name).is_ok_and(|preset| preset != *rules)
    }

    /// Saves `rules` under the name `typed` (trimmed), keeping the preset they came from;
    /// `replace` allows a name already taken, whose rule set is replaced in its place.
    /// Changes nothing when refused. Returns the rule set as saved.
    pub fn save(
        &mut self,
        typed: &str,
        rules: &RuleSet,
        replace: bool,
    ) -> Result<RuleSet, Refused> {
        let name = match self.check_name(typed) {
            Err(Refused::Taken(_)) if replace => MyRules::clean_name(typed)?,
            checked => checked?,
        };
        let origin = rules.origin().ok_or(Refused::NoPreset)?;
        rules
            .validate()
            .map_err(|e| Refused::Unplayable(e.to_string()))?;
        let mut set = rules.clone();
        set.name = name;
        set.based_on = Some(origin.to_string());
        set.description = format!("Your own rules, changed from the {origin} preset");
        match self.position(&set.name) {
            Some(i) => self.sets[i] = set.clone(),
            None => self.sets.push(set.clone()),
        }
        Ok(set)
    }

    /// Deletes the rule set named `name`; returns it, if there was one.
    pub fn delete(&mut self, name: &str) -> Option<RuleSet> {
        let i = self.sets.iter().position(|r| r.name == name)?;
        Some(self.sets.remove(i))
    }

    /// Rules that carry a name of the player's but are not (or no longer) that saved rule set
    /// — changed since, or the set deleted — go back to being "custom (from classic)", so a
    /// name never claims rules it does not hold.
    pub fn unname_if_changed(&self, rules: &mut RuleSet) -> bool {
        let Some(base) = rules.based_on.clone() else {
            return false;
        };
        if self.get(&rules.name) == Some(rules) {
            return false;
        }
        rules.based_on = None;
        rules.description = RuleSet::preset(&base)
            .map(|p| p.description)
            .unwrap_or_default();
        rules.name = base;
        true
    }

    /// Rule sets read from a file, each checked as [`Self::save`] would have made it: playable,
    /// made from a known preset, named as the new-game screen allows, no name twice.
    pub fn from_sets(sets: Vec<RuleSet>) -> Result<MyRules, String> {
        let mut out = MyRules::default();
        for (i, r) in sets.into_iter().enumerate() {
            let what = format!("rule set {} {:?}", i + 1, r.name);
            r.validate().map_err(|e| format!("{what}: {e}"))?;
            match MyRules::clean_name(&r.name) {
                Ok(n) if n == r.name => {}
                Ok(_) => return Err(format!("{what}: spaces around the name")),
                Err(e) => return Err(format!("{what}: {e}")),
            }
            if out.position(&r.name).is_some() {
                return Err(format!("{what}: the name is used twice"));
            }
            match r.based_on.as_deref() {
                Some(b) if RuleSet::preset(b).is_ok() => {}
                Some(b) => return Err(format!("{what}: made from {b:?}, which is no preset")),
                None => return Err(format!("{what}: it does not say which preset it came from")),
            }
            out.sets.push(r);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{DAMAGED, MY_RULES_VERSION, MyRulesFile, NEWER};

    fn edited_classic() -> RuleSet {
        let mut r = RuleSet::preset("classic").unwrap();
        r.move_limit = Some(90);
        r
    }

    #[test]
    fn edited_rules_are_saved_under_a_name_that_keeps_their_preset() {
        let mut mine = MyRules::default();
        let edited = edited_classic();
        assert!(MyRules::can_save(&edited));
        assert!(!MyRules::can_save(&RuleSet::preset("classic").unwrap()));
        let saved = mine.save("  family rules ", &edited, false).unwrap();
        assert_eq!(saved.name, "family rules");
        assert_eq!(saved.based_on.as_deref(), Some("classic"));
        assert_eq!(saved.label(), "family rules (from classic)");
        assert_eq!(saved.origin(), Some("classic"));
        assert_eq!(saved.move_limit, Some(90), "the rules themselves are kept");
        assert_eq!(mine.all(), std::slice::from_ref(&saved));
        assert_eq!(mine.get("family rules"), Some(&saved));
        // Saved, they are no longer "custom": nothing more to save.
        assert!(!MyRules::can_save(&saved));
    }

    #[test]
    fn bad_names_are_refused_in_words_and_change_nothing() {
        let mut mine = MyRules::default();
        mine.save("Family", &edited_classic(), false).unwrap();
        let before = mine.clone();
        let long = "x".repeat(NAME_MAX + 1);
        for (typed, refused, words) in [
            ("", Refused::Blank, "Type a name"),
            ("   ", Refused::Blank, "Type a name"),
            (long.as_str(), Refused::TooLong, "at most 24 characters"),
            ("two\nlines", Refused::Unprintable, "line breaks"),
            (
                "Classic",
                Refused::Preset("classic".into()),
                "built-in preset",
            ),
            (
                " custom ",
                Refused::Preset("custom".into()),
                "choose another name",
            ),
            (
                "family",
                Refused::Taken("Family".into()),
                "already have rules named \"Family\"",
            ),
        ] {
            let e = mine.save(typed, &edited_classic(), false).unwrap_err();
            assert_eq!(e, refused, "{typed:?}");
            assert!(e.to_string().contains(words), "{e}");
            assert_eq!(mine, before, "{typed:?} changed nothing");
        }
        // Exactly the longest name is fine, and unusual letters are just letters.
        let longest = "é".repeat(NAME_MAX);
        assert!(mine.save(&longest, &edited_classic(), false).is_ok());
        assert!(
            mine.save("Oma's \"Sonntag\" {1}", &edited_classic(), false)
                .is_ok()
        );
        // Rules from no preset cannot say where they came from.
        let own = RuleSet {
            name: "home-made".into(),
            ..RuleSet::default()
        };
        assert_eq!(mine.save("home", &own, false), Err(Refused::NoPreset));
    }

    #[test]
    fn a_taken_name_is_replaced_only_when_asked_and_in_its_place() {
        let mut mine = MyRules::default();
        mine.save("a", &edited_classic(), false).unwrap();
        mine.save("b", &edited_classic(), false).unwrap();
        let mut other = RuleSet::preset("casual").unwrap();
        other.goal_lock = true;
        assert!(matches!(
            mine.save("A", &other, false),
            Err(Refused::Taken(_))
        ));
        let saved = mine.save("A", &other, true).unwrap();
        assert_eq!(saved.label(), "A (from casual)");
        let names: Vec<&str> = mine.all().iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["A", "b"]);
        assert!(mine.delete("A").is_some());
        assert!(mine.delete("A").is_none());
        assert_eq!(mine.all().len(), 1);
    }

    #[test]
    fn a_named_rule_set_changed_or_deleted_is_custom_again() {
        let mut mine = MyRules::default();
        let mut rules = mine.save("family", &edited_classic(), false).unwrap();
        assert!(!mine.unname_if_changed(&mut rules));
        assert_eq!(rules.label(), "family (from classic)");
        rules.goal_lock = !rules.goal_lock;
        assert!(mine.unname_if_changed(&mut rules));
        assert_eq!(rules.label(), "custom (from classic)");
        assert_eq!(
            rules.description,
            RuleSet::preset("classic").unwrap().description
        );
        let mut rules = mine.get("family").unwrap().clone();
        mine.delete("family");
        assert!(mine.unname_if_changed(&mut rules));
        assert_eq!(rules, edited_classic());
    }

    #[test]
    fn the_file_round_trips() {
        let mut mine = MyRules::default();
        mine.save("family", &edited_classic(), false).unwrap();
        let mut pairs = RuleSet::preset("pairs").unwrap();
        pairs.jumps = sternhalma_rules::rules::Jumps::Long;
        mine.save("Long pairs 🦘", &pairs, false).unwrap();
        let text = MyRulesFile::to_ron(&mine);
        assert!(
            text.contains(&format!("version: {MY_RULES_VERSION}")),
            "{text}"
        );
        assert!(text.contains("based_on: Some(\"pairs\")"), "{text}");
        assert_eq!(MyRulesFile::from_ron(&text), Ok(mine));
        assert_eq!(
            MyRulesFile::from_ron(&MyRulesFile::to_ron(&MyRules::default())),
            Ok(MyRules::default())
        );
    }

    #[test]
    fn a_damaged_or_newer_file_is_refused_with_a_reason() {
        let mut mine = MyRules::default();
        mine.save("family", &edited_classic(), false).unwrap();
        let good = MyRulesFile::to_ron(&mine);
        let newer = good.replace("version: 1", "version: 2");
        let e = MyRulesFile::from_ron(&newer).unwrap_err();
        assert_eq!(e.plain, NEWER, "{e}");
        for bad in [
            good[..good.len() / 2].to_string(),
            "".to_string(),
            "\u{1}garbage".to_string(),
            good.replace("version: 1", "version: 0"),
            good.replace("\"family\"", "\"classic\""),
            good.replace("\"family\"", "\"  family\""),
            good.replace("\"family\"", &format!("{:?}", "x".repeat(NAME_MAX + 1))),
            good.replace(
                "based_on: Some(\"classic\")",
                "based_on: Some(\"nonesuch\")",
            ),
            good.replace("based_on: Some(\"classic\"),", ""),
            good.replace("move_limit: Some(90)", "move_limit: Some(0)"),
            good.replace("rules: [", "colour: 3, rules: ["),
        ] {
            assert_ne!(bad, good);
            let e = MyRulesFile::from_ron(&bad).unwrap_err();
            assert_eq!(e.plain, DAMAGED, "{bad}");
            assert!(!e.detail.is_empty());
        }
        // The same name twice, whatever its case.
        let mut two = mine.clone();
        two.sets.push(RuleSet {
            name: "Family".into(),
            ..mine.all()[0].clone()
        });
        let e = MyRulesFile::from_ron(&MyRulesFile::to_ron(&two)).unwrap_err();
        assert!(e.detail.contains("used twice"), "{e}");
    }
}
