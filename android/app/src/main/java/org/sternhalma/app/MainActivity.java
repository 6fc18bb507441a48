package org.sternhalma.app;

import android.os.Bundle;
import android.view.WindowManager;

import androidx.activity.OnBackPressedCallback;
import androidx.core.view.WindowCompat;
import androidx.core.view.WindowInsetsCompat;
import androidx.core.view.WindowInsetsControllerCompat;

import com.google.androidgamesdk.GameActivity;

/**
 * The whole app: a GameActivity running the Rust game (the `android_main` that Bevy's
 * `#[bevy_main]` generates in libsternhalma.so). This class only sets up the window: immersive
 * full screen, the screen kept on, and Back left to the game.
 */
public class MainActivity extends GameActivity {
    static {
        // The same name as android.app.lib_name in AndroidManifest.xml and the crate's [lib].
        System.loadLibrary("sternhalma");
    }

    @Override
    protected void onCreate(Bundle savedInstanceState) {
        super.onCreate(savedInstanceState);
        // A game in progress must not dim or lock the screen while a player thinks.
        getWindow().addFlags(WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON);
        // GameActivity passes Back to the game as a key event (Bevy's Key::BrowserBack). Should
        // the native side not take one, swallow it here rather than finishing the activity: the
        // game's own menu decides when to leave.
        getOnBackPressedDispatcher().addCallback(this, new OnBackPressedCallback(true) {
            @Override
            public void handleOnBackPressed() {
            }
        });
        hideSystemBars();
    }

    @Override
    public void onWindowFocusChanged(boolean hasFocus) {
        super.onWindowFocusChanged(hasFocus);
        if (hasFocus) {
            hideSystemBars();
        }
    }

    /** Immersive mode: status and navigation bars hidden; a swipe from the edge shows them
     *  for a moment over the game. */
    private void hideSystemBars() {
        // The game's surface covers the whole window, which the theme keeps out of any display
        // cutout: showing the bars for a moment overlays them instead of resizing the game.
        WindowCompat.setDecorFitsSystemWindows(getWindow(), false);
        WindowInsetsControllerCompat controller =
                WindowCompat.getInsetsController(getWindow(), getWindow().getDecorView());
        controller.setSystemBarsBehavior(
                WindowInsetsControllerCompat.BEHAVIOR_SHOW_TRANSIENT_BARS_BY_SWIPE);
        controller.hide(WindowInsetsCompat.Type.systemBars());
    }
}
