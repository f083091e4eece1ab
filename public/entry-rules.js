// Spec section 2, entry rules, for links from the provincial platform (hall/components/EntryRules.astro).
/* global URLSearchParams, location, sessionStorage */
(() => {
  const query = new URLSearchParams(location.search);
  const type = query.get('type');
  const loginName = query.get('loginName');
  const ticket = query.get('ticket');
  try {
    if (type === '0' && loginName) {
      sessionStorage.setItem('entry.loginName', loginName);
      sessionStorage.setItem('entry.have', '1');
      location.replace('/');
    } else if (type === '1' && ticket && !sessionStorage.getItem('entry.have')) {
      location.replace(`/centerLoding?ticket=${encodeURIComponent(ticket)}`);
    }
  } catch {
    // Storage refused (private mode): the visitor simply stays on the page.
  }
})();
