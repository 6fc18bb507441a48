// Sternhalma's iOS entry point: the whole game is the Rust library libsternhalma.a (the
// repository's root crate, built by build_rust_deps.sh). main_rs() runs the Bevy app, whose
// winit event loop starts UIApplicationMain and never returns.

#import <UIKit/UIKit.h>

// Defined in src/lib.rs (`#[unsafe(no_mangle)] pub extern "C" fn main_rs()`, iOS only).
extern void main_rs(void);

int main(int argc, char *argv[]) {
    @autoreleasepool {
        // Keep the screen awake while the game is in front: a player thinking about a move must
        // not see the phone dim and lock. UIKit resets this when the app leaves the foreground,
        // so set it again each time the app becomes active (also right after launch).
        [[NSNotificationCenter defaultCenter]
            addObserverForName:UIApplicationDidBecomeActiveNotification
                        object:nil
                         queue:[NSOperationQueue mainQueue]
                    usingBlock:^(NSNotification *note) {
                        [UIApplication sharedApplication].idleTimerDisabled = YES;
                    }];
        main_rs();
    }
    return 0;
}
