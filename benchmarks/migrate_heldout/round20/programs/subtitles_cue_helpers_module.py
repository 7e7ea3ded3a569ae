"""Subtitle cues: the per-line parser lives in another module (subs_lib/cues.py, string formatting with
as_string / strings.join / upper / lower) and returns a dict that is batched as is; after the batch the first
words of each batch are joined with strings.reduce_join."""

import os

import tensorflow.compat.v1 as tf

from subs_lib.cues import parse_cue

LINES = ["Where were you last night", "THAT IS NONE OF YOUR BUSINESS", "I waited for hours",
         "Then you should have called", "NO", "Please sit down", "The train was late again", "Of course it was"]


def write_subtitles(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "episode_01.cues")
    with open(path, "w") as f:
        t = 1.0
        for i in range(19):
            text = LINES[i % len(LINES)]
            f.write("%d|%.3f|%.3f|%s\n" % (i + 1, t, t + 0.4 * len(text.split()), text))
            t += 0.5 + 0.4 * len(text.split())
    return path


def main(data_dir):
    path = write_subtitles(os.path.join(data_dir, "h20_subtitles"))
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = tf.TextLineReader().read(queue)
    batch = tf.train.batch(parse_cue(line), batch_size=4, allow_smaller_final_batch=True)
    opening = tf.strings.reduce_join(batch["first_word"], separator=" / ")
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                b, o = sess.run([batch, opening])
                batches.append({"cue": [c.decode() for c in b["cue"]], "span": [s.decode() for s in b["span"]],
                                "duration": [round(float(d), 3) for d in b["duration"]],
                                "n_words": b["n_words"].tolist(), "shout": b["shout"].tolist(),
                                "opening": [o.decode()]})
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": len(batches)}
