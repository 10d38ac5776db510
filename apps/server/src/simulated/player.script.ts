/**
 * The simulated video player's script, served as /sim/assets/player.js because the
 * Content-Security-Policy forbids inline scripts. It "plays" for the video's duration and, when
 * embedded, tells the app's window what happens: {source:'marquee-sim-player', event, seconds}.
 */
export const PLAYER_JS = `(function () {
  'use strict';
  var root = document.getElementById('sim-player');
  if (!root) return;
  var duration = Number(root.getAttribute('data-duration')) || 0;
  var videoId = root.getAttribute('data-video') || '';
  var button = document.getElementById('sim-player-toggle');
  var progress = document.getElementById('sim-player-progress');
  var time = document.getElementById('sim-player-time');
  var state = document.getElementById('sim-player-state');
  var elapsed = 0;
  var playing = false;
  var lastTick = 0;
  var lastWhole = -1;
  var timer = null;

  function clock(s) {
    s = Math.floor(s);
    var m = Math.floor(s / 60);
    var r = s % 60;
    return m + ':' + (r < 10 ? '0' : '') + r;
  }

  function tell(event) {
    if (window.parent === window) return;
    window.parent.postMessage(
      { source: 'marquee-sim-player', event: event, seconds: Math.floor(elapsed), videoId: videoId },
      window.location.origin
    );
  }

  function draw() {
    progress.value = elapsed;
    time.textContent = clock(elapsed) + ' / ' + clock(duration);
    button.textContent = playing ? 'Pause' : elapsed >= duration && duration > 0 ? 'Replay' : 'Play';
    button.setAttribute('aria-pressed', playing ? 'true' : 'false');
    state.textContent = playing ? 'Playing' : elapsed >= duration && duration > 0 ? 'Finished' : elapsed > 0 ? 'Paused' : 'Press play';
  }

  function tick() {
    var now = performance.now();
    elapsed = Math.min(duration, elapsed + (now - lastTick) / 1000);
    lastTick = now;
    var whole = Math.floor(elapsed);
    if (whole !== lastWhole) {
      lastWhole = whole;
      tell('progress');
    }
    if (elapsed >= duration) {
      stop();
      tell('ended');
    }
    draw();
  }

  function play() {
    if (playing) return;
    if (elapsed >= duration) {
      elapsed = 0;
      lastWhole = -1;
    }
    playing = true;
    lastTick = performance.now();
    timer = window.setInterval(tick, 250);
    tell('play');
    draw();
  }

  function stop() {
    playing = false;
    if (timer !== null) window.clearInterval(timer);
    timer = null;
  }

  function pause() {
    if (!playing) return;
    tick();
    if (!playing) return;
    stop();
    tell('pause');
    draw();
  }

  button.addEventListener('click', function () {
    if (playing) pause();
    else play();
  });

  // The app may drive the player too, as it would YouTube's: {source:'marquee-sim-host', command}.
  window.addEventListener('message', function (e) {
    if (e.origin !== window.location.origin || !e.data || e.data.source !== 'marquee-sim-host') return;
    if (e.data.command === 'play') play();
    if (e.data.command === 'pause') pause();
  });

  draw();
  tell('ready');
})();
`;
