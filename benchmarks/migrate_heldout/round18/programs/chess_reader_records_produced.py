"""Chess games in TFRecords; after the loop the program reports how many records and files its reader
consumed (`reader.num_records_produced()`, `num_work_units_completed()`)."""
import os

import tensorflow.compat.v1 as tf

RESULTS = [b"1-0", b"0-1", b"1/2-1/2"]


def write_games(folder):
    os.makedirs(folder, exist_ok=True)
    paths = []
    game = 0
    for shard in range(2):
        path = os.path.join(folder, "games-%d.tfrecord" % shard)
        with tf.io.TFRecordWriter(path) as writer:
            for _ in range(9 + shard):
                feature = {
                    "moves": tf.train.Feature(int64_list=tf.train.Int64List(value=[20 + (game * 13) % 50])),
                    "elo": tf.train.Feature(int64_list=tf.train.Int64List(value=[1500 + 10 * game, 1600 - 7 * game])),
                    "result": tf.train.Feature(bytes_list=tf.train.BytesList(value=[RESULTS[game % 3]])),
                }
                writer.write(tf.train.Example(features=tf.train.Features(feature=feature)).SerializeToString())
                game += 1
        paths.append(path)
    return paths


class GameReader(object):
    def __init__(self, paths):
        self.queue = tf.train.string_input_producer(paths, num_epochs=1, shuffle=False)
        self.reader = tf.TFRecordReader()

    def game(self):
        _, serialized = self.reader.read(self.queue)
        parsed = tf.parse_single_example(serialized, {
            "moves": tf.FixedLenFeature([], tf.int64),
            "elo": tf.FixedLenFeature([2], tf.int64),
            "result": tf.FixedLenFeature([], tf.string),
        })
        white_won = tf.cast(tf.equal(parsed["result"], "1-0"), tf.int32)
        elo_gap = parsed["elo"][0] - parsed["elo"][1]
        return [parsed["moves"], elo_gap, white_won]

    def progress(self):
        return [self.reader.num_records_produced(), self.reader.num_work_units_completed()]


def main(data_dir):
    games = GameReader(write_games(os.path.join(data_dir, "h18_chess")))
    batch = tf.train.batch(games.game(), batch_size=4, allow_smaller_final_batch=True)
    progress = games.progress()
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                batches.append([v.tolist() for v in sess.run(batch)])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
        records, files = sess.run(progress)
    return {"batches": batches, "end": {"records": int(records), "files": int(files)}}
