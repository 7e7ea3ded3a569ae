"""Batches of a CSV file staged by another module's class, read in a start_queue_runners + Coordinator loop."""
import os

from tensorflow.compat.v1 import Session, TextLineReader, decode_csv, errors, local_variables_initializer, train

from fixc3_lib import staging


def main(data_dir):
    path = os.path.join(data_dir, 'fixc3_stager.csv')
    with open(path, 'w') as f:
        for i in range(10):
            f.write('%d,w%d\n' % (i, i % 3))
    files = train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, line = TextLineReader().read(files)
    ident, word = decode_csv(line, record_defaults=[[0], ['']])
    ids, words = train.batch([ident, word], batch_size=2)
    stager = staging.Stager([ids, words])
    got_ids, got_words = stager.take()
    batches = []
    with Session() as sess:
        sess.run(local_variables_initializer())
        coord = train.Coordinator()
        threads = train.start_queue_runners(sess=sess, coord=coord)
        try:
            for _ in range(3):
                i, w = sess.run([got_ids, got_words])
                batches.append([i.tolist(), [x.decode() for x in w]])
            end = 'three batches'
        except errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
