import { configure } from '@testing-library/preact';

// findBy… and waitFor give up after one second by default. CI shares two cores between the test projects,
// where a render that takes milliseconds here can take longer; a wait ends as soon as its condition holds.
configure({ asyncUtilTimeout: 5_000 });
