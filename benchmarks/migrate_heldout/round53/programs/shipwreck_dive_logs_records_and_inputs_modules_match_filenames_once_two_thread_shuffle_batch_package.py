import os

import tensorflow.compat.v1 as tf

from ship53_lib import inputs, records

BATCH_SIZE = 4
NUM_EPOCHS = 1


def run_training(data_dir):
    ids, conds, sites = inputs.inputs(os.path.join(data_dir, "dive_logs-*.tfrecords"), BATCH_SIZE, NUM_EPOCHS)
    mean_depth = tf.reduce_mean(conds[:, 0])
    init_op = tf.group(tf.global_variables_initializer(), tf.local_variables_initializer())
    sess = tf.Session()
    sess.run(init_op)
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches = []
    try:
        step = 0
        while not coord.should_stop():
            i, c, s, d = sess.run([ids, conds, sites, mean_depth])
            batches.append([i.tolist(), c.tolist(), [x.decode() for x in s]])
            print("step %d: mean depth %.1f" % (step, d))
            step += 1
    except tf.errors.OutOfRangeError:
        print("Done training for %d epochs, %d steps." % (NUM_EPOCHS, step))
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return batches


def main(data_dir):
    folder = os.path.join(data_dir, "h53_shipwreck_dive_logs_records_and_inputs_modules_match_filenames_once_two_thread_shuffle_batch_package")
    os.makedirs(folder, exist_ok=True)
    records.convert_to(folder)
    batches = run_training(folder)
    return {"batches": batches, "end": "dives: %d" % sum(len(b[0]) for b in batches)}
