// teacher.html's entry. The first module runs before any other (the language guard, the error notices); the
// page's own code is imported after it, so that an error while that loads still shows as a notice (the
// rejected import reaches the first module's handler). The style sheets are the page's from the start.

import '../ui/first';
import '../ui/style.css';
import '../ui/page.css';
import './classroom.css';

void import('./teacher');
